// `refbot db backup --keep N`: which older backups a new one replaces. A backup's siblings are the
// files in its folder named as it is with other digits in place of its own (refbot-2026-11-26.sqlite
// beside refbot-2026-11-27.sqlite): the date or counter in a name is what changes from one run
// to the next, and nothing else in the folder is touched.
import { readdirSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { manifestPath } from "./manifest.ts";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The names a backup's siblings have, or undefined when its name has no digits to vary. */
export function siblingPattern(backup: string): RegExp | undefined {
  const parts = basename(backup).split(/\d+/);
  return parts.length > 1 ? new RegExp(`^${parts.map(escape).join("\\d+")}$`) : undefined;
}

/**
 * Removes all but the newest `keep` of the backup's siblings, the backup itself counted and always
 * kept, each with its manifest; newest by modification time (then by name). Answers the files
 * removed.
 */
export function pruneSiblings(backup: string, keep: number): string[] {
  const pattern = siblingPattern(backup);
  if (!pattern) return [];
  const folder = dirname(backup);
  const older = readdirSync(folder)
    .filter((name) => pattern.test(name) && name !== basename(backup))
    .map((name) => ({ path: join(folder, name), stat: statSync(join(folder, name)) }))
    .filter((f) => f.stat.isFile())
    .map((f) => ({ path: f.path, mtime: f.stat.mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime || (a.path < b.path ? 1 : -1));
  const removed = older.slice(Math.max(keep - 1, 0)).map((f) => f.path);
  for (const file of removed) {
    rmSync(file);
    rmSync(manifestPath(file), { force: true });
  }
  return removed;
}
