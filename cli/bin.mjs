#!/usr/bin/env node
// `refbot` for Node.js: the CLI is TypeScript run by Bun, which comes in as an npm dependency,
// so this shim starts the package's own Bun (not whatever is on PATH) on cli/index.ts.
import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// realpath, so a link made by `npm link` or `npx` still finds the package it belongs to.
const root = join(dirname(realpathSync(fileURLToPath(import.meta.url))), "..");
// On Windows .bin holds a .cmd wrapper that cannot be spawned without a shell; use the binary.
const bun = process.platform === "win32" ? join(root, "node_modules", "bun", "bin", "bun.exe") : join(root, "node_modules", ".bin", "bun");

const child = spawn(bun, ["run", join(root, "cli", "index.ts"), ...process.argv.slice(2)], { stdio: "inherit" });

// Ctrl-C reaches the child from the terminal by itself (it may be answering a prompt and want
// to say "cancelled"), so the shim waits for it instead of dying first; a kill is passed on.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => child.kill("SIGTERM"));

child.on("error", (error) => {
  console.error(`refbot: cannot start Bun at ${bun} (${error.message}); run \`npm install\` in ${root} first`);
  process.exit(1);
});
// A child killed by a signal has no exit code; mirror the shell's 128 + signal convention.
child.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 15)));
