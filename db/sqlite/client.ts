// Opens the SQLite file with the pragmas the ledger relies on and wraps it in drizzle.
import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { Logger } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { createPrivateFile } from "./private-file.ts";
import * as schema from "./schema/index.ts";

export type Db = ReturnType<typeof openDb>;

export type DbOptions = { synchronous?: "FULL" | "NORMAL"; readonly?: boolean; logger?: Logger; cacheMb?: number; mmapMb?: number };

export function openDb(path: string, { synchronous = "FULL", readonly = false, logger, cacheMb = 256, mmapMb = 0 }: DbOptions = {}) {
  if (path !== ":memory:" && !readonly) createPrivateFile(path);
  const sqlite = new Database(path, readonly ? { readonly: true } : { create: true, strict: true });
  // WAL lets readers work while a writer commits; FULL sync keeps every acknowledged ledger row
  // through a power cut; the busy timeout makes a second process wait instead of failing.
  sqlite.run("PRAGMA busy_timeout = 5000");
  if (!readonly) sqlite.run("PRAGMA journal_mode = WAL");
  // Checkpoint every 64 MiB of WAL instead of every 4 MiB: each checkpoint syncs the database
  // file, and under a steady stream of completions the default ran one every few dozen commits.
  if (!readonly) sqlite.run("PRAGMA wal_autocheckpoint = 16384");
  sqlite.run(`PRAGMA synchronous = ${synchronous}`);
  // Savepoints (one per unit of a group commit) and statements that fire triggers keep the pages
  // they may have to undo in a journal of their own: on disk that is a temporary file written
  // during every such statement, in memory a copy.
  sqlite.run("PRAGMA temp_store = MEMORY");
  sqlite.run("PRAGMA foreign_keys = ON");
  // SQLite's own page cache (2 MB by default) decides how often a request at a million users
  // waits on a read; it grows only as pages are used.
  sqlite.run(`PRAGMA cache_size = ${-Math.round(cacheMb * 1024)}`);
  // Reads through a memory map come straight from the OS cache, without a system call and a copy
  // per page: at a million users most pages a request touches are not in the page cache above.
  // Writes still go through the WAL as before.
  if (mmapMb > 0) sqlite.run(`PRAGMA mmap_size = ${mmapMb * 1024 * 1024}`);
  const db = drizzle({ client: sqlite, schema, logger });
  return Object.assign(db, { sqlite });
}

export const migrationsFolder = join(import.meta.dir, "migrations");

export function migrateDb(db: Db): void {
  migrate(db, { migrationsFolder });
}

export { schema };
