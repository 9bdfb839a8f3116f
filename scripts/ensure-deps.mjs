// Installs the locked dependencies when a fresh clone (or a changed lockfile) needs them, so
// `npm start` and `npm test` work with nothing but Node.js and npm.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const marker = "node_modules/.package-lock.json";
const stale =
  !existsSync(marker) || statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs;

if (stale) {
  console.log("Installing dependencies (npm ci)...");
  execSync("npm ci --no-audit --no-fund", { stdio: "inherit" });
}
