// Every npm script works on a fresh clone, which has Node.js and npm but no node_modules: a script
// that runs a tool installed by npm (bun, tsc, drizzle-kit) installs the dependencies first, as
// `npm start` does, instead of failing with exit 127. The bench names the one tool npm cannot
// install for it. And the server starts with the allocator's settings however it is started.
import { expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allocatorEnv } from "@/server/allocator.ts";
import { alone, testRuns } from "@/scripts/test.ts";

const root = join(import.meta.dir, "..");
const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts;
const bootstrap = "node scripts/ensure-deps.mjs";

test("every script that needs node_modules installs it first", () => {
  const needing = Object.keys(scripts).filter((name) => !/^(pre|post)/.test(name) && !scripts[name]!.startsWith("node "));
  expect(needing).toEqual(expect.arrayContaining(["start", "test", "typecheck", "db:generate", "db:generate:pg", "db:check", "bench", "bench:pg-driver"]));
  expect(needing.filter((name) => scripts[`pre${name}`] !== bootstrap)).toEqual([]);
});

test("the bench without wrk says how to install it and stops before building anything", () => {
  const emptyPath = mkdtempSync(join(tmpdir(), "refbot-no-wrk-"));
  const started = performance.now();
  const run = Bun.spawnSync([process.execPath, "run", join(root, "tests/bench/run.ts"), "--quick"], { cwd: root, env: { PATH: emptyPath, HOME: emptyPath }, stdout: "pipe", stderr: "pipe" });
  expect(run.exitCode).toBe(1);
  expect(run.stderr.toString()).toBe("[bench] wrk is not installed; install wrk: apt-get install wrk (Debian, Ubuntu) or brew install wrk (macOS)\n");
  expect(performance.now() - started).toBeLessThan(10_000);
});

test("npm start and the systemd unit start the server with the allocator's settings, an operator's own value winning in npm start", () => {
  // A stand-in for bun that says what it was started with.
  const bin = mkdtempSync(join(tmpdir(), "refbot-fake-bun-"));
  writeFileSync(join(bin, "bun"), '#!/bin/sh\necho "$MIMALLOC_PURGE_DELAY $*"\n', { mode: 0o755 });
  const start = (env: Record<string, string>) =>
    Bun.spawnSync(["sh", "-c", scripts.start!], { cwd: root, env: { PATH: `${bin}:/usr/bin:/bin`, ...env }, stdout: "pipe" }).stdout.toString().trim();
  for (const [name, value] of Object.entries(allocatorEnv)) {
    expect(name).toBe("MIMALLOC_PURGE_DELAY"); // the stand-in prints this one
    expect(start({})).toBe(`${value} run server/main.ts`);
    expect(start({ [name]: "250" })).toBe("250 run server/main.ts");
    expect(readFileSync(join(root, "deploy/systemd/refbot@.service"), "utf8").split("\n")).toContain(`Environment=${name}=${value}`);
  }
});

test("npm test runs the suite in two workers, then the timing files alone; given files, just those", () => {
  expect(scripts.test).toBe("bun run scripts/test.ts");
  expect(testRuns([])).toEqual([
    ["--timeout", "30000", "--parallel=2", "--no-isolate", "--path-ignore-patterns=tests/sends.test.ts"],
    ["--timeout", "30000", "./tests/sends.test.ts"],
  ]);
  for (const file of alone) expect(existsSync(join(root, file))).toBe(true);
  expect(testRuns(["domain/time.test.ts", "domain/labels.test.ts"])).toEqual([["--timeout", "30000", "domain/time.test.ts", "domain/labels.test.ts"]]);
  // Run for real with files given: theirs are the only tests, and a failure is the exit status.
  const ran = Bun.spawnSync([process.execPath, "run", join(root, "scripts/test.ts"), "domain/time.test.ts"], { cwd: root, stdout: "pipe", stderr: "pipe" });
  expect(ran.exitCode).toBe(0);
  expect(ran.stderr.toString()).toContain("Ran 2 tests across 1 file.");
  const failing = join(mkdtempSync(join(tmpdir(), "refbot-failing-")), "fails.test.ts");
  writeFileSync(failing, 'import { test, expect } from "bun:test";\ntest("fails", () => expect(1).toBe(2));\n');
  expect(Bun.spawnSync([process.execPath, "run", join(root, "scripts/test.ts"), failing], { cwd: root, stdout: "pipe", stderr: "pipe" }).exitCode).toBe(1);
});
