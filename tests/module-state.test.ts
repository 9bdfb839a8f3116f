// State lives in the dependencies built at start, never in a module: the domain keeps no cache at
// module level and reads no clock but the one it is handed, and importing a module changes no
// global (zod's config is set by whoever starts the process). Checked on the source, in a fresh
// process, and on the answers of the test app and of the real server.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "@/db/ops.ts";
import { forEachAppEngine, makeTestApp } from "./support/app.ts";
import { startTestServer } from "./support/server.ts";

const root = join(import.meta.dir, "..");

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Memos of pure functions: what each holds is decided by its key alone (a parsed message, a number
 * format, a decoy hash at a given cost), so no answer depends on when, or by whom, it was filled.
 */
const pureMemos = new Set(["domain/admins.ts: decoys", "domain/money.ts: numberFormats", "domain/i18n/format.ts: parsed"]);

/**
 * Module-level mutable state and reads of the system clock in one file, as "file: what" findings.
 * The code's top-level statements start at the line's first column, and nothing else does.
 */
function hiddenState(file: string, text = readFileSync(join(root, file), "utf8")): string[] {
  // Comments may name what they warn against.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  const found: string[] = [];
  for (const [, name] of code.matchAll(/^(?:export\s+)?(?:let|var)\s+(\w+)/gm)) found.push(`${file}: let ${name}`);
  // A collection typed read-only (ReadonlySet, ReadonlyMap) is a constant, not state.
  for (const [, name, type] of code.matchAll(/^(?:export\s+)?const\s+(\w+)\s*(?::\s*([^=]+?))?\s*=\s*new\s+(?:Weak)?(?:Map|Set)\b/gm)) {
    if (!type?.startsWith("Readonly") && !pureMemos.has(`${file}: ${name}`)) found.push(`${file}: new ${name}`);
  }
  for (const _ of code.matchAll(/\bDate\.now\(\s*\)/g)) found.push(`${file}: Date.now()`);
  for (const _ of code.matchAll(/\bnew\s+Date\(\s*\)/g)) found.push(`${file}: new Date()`);
  return found;
}

test("no domain module keeps state of its own or reads the system clock", () => {
  expect(sources("domain").flatMap((file) => hiddenState(file))).toEqual([]);
});

test("the check finds each kind of hidden state", () => {
  // The rule above must be able to fail: the same walk over a text holding each kind, and a constant.
  const text = [
    "const byStore = new WeakMap<object, number>();",
    "let counter = 0;",
    "const constant: ReadonlySet<string> = new Set(['a']);",
    "export function now() { return Date.now() + new Date().getTime() + new Date(0).getTime(); }",
  ].join("\n");
  expect(hiddenState("domain/probe.ts", text)).toEqual(["domain/probe.ts: let counter", "domain/probe.ts: new byStore", "domain/probe.ts: Date.now()", "domain/probe.ts: new Date()"]);
});

test("importing the HTTP app and the CLI's commands leaves zod's global config as it was", async () => {
  const script = `import { z } from "zod";
    await import("@/api/app.ts");
    for (const name of ["admin", "auth", "broadcast", "db/index", "risk", "tasks", "users", "withdrawals"]) await import(\`@/cli/commands/\${name}.ts\`);
    console.log(typeof z.config().customError);`;
  const child = Bun.spawn([process.execPath, "-e", script], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  expect({ code, out: out.trim(), err }).toEqual({ code: 0, out: "undefined", err: "" });
});

test("a missing field is answered as required, by the test app and by the server as it starts", async () => {
  const expected = { status: 400, body: { code: "VALIDATION_FAILED", message: "password: is required" } };
  const app = await makeTestApp();
  try {
    const reply = await app.request("POST", "/api/auth/login", { body: { email: "someone@example.com" } });
    expect(reply).toEqual(expected);
  } finally {
    await app.close();
  }
  const server = await startTestServer();
  try {
    const res = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "someone@example.com" }) });
    expect({ status: res.status, body: await res.json() }).toEqual({ ...expected, body: { ...expected.body, requestId: res.headers.get("x-request-id") } });
  } finally {
    await server.stop();
  }
}, 60_000);

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  test("a user's client is looked at again a minute later by the app's clock, not the system's", async () => {
    const t = await makeTestApp({ RISK_FLAG_SCORE: "60" });
    const user = await t.makeUser();
    const open = (from: string) => t.request("GET", "/api/me", { headers: { ...t.userHeaders(user.tgId), "user-agent": "probe/1" }, from });
    expect((await open("203.0.113.1")).status).toBe(200);
    // Within the minute the client is not looked at again, so a second address goes unrecorded.
    expect((await open("203.0.113.2")).status).toBe(200);
    t.setNow(new Date(t.now().getTime() + 61_000));
    expect((await open("203.0.113.3")).status).toBe(200);
    const seen = await t.rows("clientSightings", (c) => eq(c.userId, user.id));
    expect(seen.map((s) => [s.address, s.seenAt.toISOString()]).sort()).toEqual([
      ["203.0.113.1", "2026-03-10T12:00:00.000Z"],
      ["203.0.113.3", "2026-03-10T12:01:01.000Z"],
    ]);
  });
});
