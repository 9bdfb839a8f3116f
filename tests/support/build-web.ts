// Builds web/dist once per test run for the browser tests: only when the build is missing or
// older than its sources, and under a lock directory so test files (or test runs) started side by
// side never run two vite builds into the same output at once.
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildWeb, webDist, webIsStale } from "@/server/build-web.ts";

const lockDir = join(webDist, "..", ".build-lock");
// A lock older than this belongs to a build that died; a real build takes well under a minute.
const STALE_LOCK_MS = 3 * 60_000;

let built: Promise<void> | undefined;

function tryLock(): boolean {
  try {
    mkdirSync(lockDir); // Atomic: exactly one process creates it.
    return true;
  } catch {
    const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > STALE_LOCK_MS) rmSync(lockDir, { recursive: true, force: true });
    return false;
  }
}

async function buildIfStale(): Promise<void> {
  for (;;) {
    if (!webIsStale()) return;
    if (tryLock()) {
      try {
        // Another process may have finished a build while this one waited for the lock.
        if (webIsStale()) buildWeb();
      } finally {
        rmSync(lockDir, { recursive: true, force: true });
      }
      return;
    }
    await Bun.sleep(250);
  }
}

/** Resolves once web/dist is current; call it in beforeAll of every browser test file. */
export function ensureWebBuilt(): Promise<void> {
  built ??= buildIfStale();
  return built;
}
