// Builds the web app when its output is missing or older than its sources, so `npm start` on a
// fresh clone serves a current admin panel and mini app without a separate build step.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const webRoot = join(import.meta.dir, "..", "web");
export const webDist = join(webRoot, "dist");
/** The rules, words and catalogues both web apps import (domain/rules.ts, domain/i18n/…). */
const domainRoot = join(import.meta.dir, "..", "domain");

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function webIsStale(): boolean {
  if (!["admin", "app"].some((name) => existsSync(join(webRoot, name, "index.html")))) return false;
  const pages = ["admin", "app"].map((name) => join(webDist, name, "index.html"));
  // A build made before precompression existed has no .br copies: it would be served
  // uncompressed, so it counts as stale too.
  if (!pages.every((p) => existsSync(p) && existsSync(`${p}.br`))) return true;
  const built = Math.min(...pages.map((p) => statSync(p).mtimeMs));
  return Math.max(newestSource(webRoot), newestSource(domainRoot)) > built;
}

/** Builds both apps into `outDir` (web/dist unless a test builds elsewhere). */
export function buildWeb(outDir = webDist): void {
  const vite = join(import.meta.dir, "..", "node_modules", ".bin", "vite");
  // One build per app (web/vite.config.ts says why), the admin panel first: it empties dist/.
  for (const app of ["admin", "app"]) {
    // Always a production build: under `bun test` NODE_ENV is "test", which would ship React's
    // development build to whoever `npm start` serves next.
    const result = Bun.spawnSync([vite, "build", "--config", join(webRoot, "vite.config.ts"), "--outDir", outDir, "--logLevel", "warn"], {
      stdout: "inherit",
      stderr: "inherit",
      env: { ...process.env, NODE_ENV: "production", WEB_APP: app },
    });
    if (result.exitCode !== 0) throw new Error(`building the web app (${app}) failed (see the output above)`);
  }
}
