// The clients take every answer's type from the server's routes (api/contract.ts), so a
// changed answer breaks them only at compile time: this runs that compile.
import { expect, test } from "bun:test";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

test("the whole tree type-checks, clients against the server's answers included", () => {
  const run = Bun.spawnSync([process.execPath, join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", root], { cwd: root, stdout: "pipe", stderr: "pipe" });
  expect(run.stdout.toString() + run.stderr.toString()).toBe("");
  expect(run.exitCode).toBe(0);
}, 120_000);
