// Installs the locked dependencies when a fresh clone (or a changed lockfile) needs them, so
// `npm start` and `npm test` work with nothing but Node.js and npm.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const marker = "node_modules/.package-lock.json";
const stale =
  !existsSync(marker) || statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs;

if (stale) {
  console.log("Installing dependencies...");
  // `npm install` rather than `npm ci`: the registry here lacks some platform builds that
  // Tailwind lists as optional, which `npm ci` treats as a lockfile mismatch. With an intact
  // lockfile `npm install` installs exactly the locked versions and leaves the lockfile alone.
  execSync("npm install --no-audit --no-fund --loglevel=error", { stdio: "inherit" });
}
