// `refbot db restore` on SQLite. The backup is copied beside the database and checked there
// (integrity, that it is refbot's and not from a newer build, its ledger) and migrated if it is
// older than this build, before anything of the database is touched. Then the database is taken
// from every other process or the restore refuses: SQLite's exclusive locking mode needs every
// other connection closed, and every connection to a WAL database (a server's, a CLI command's)
// holds a shared lock on the file while it is open. Its WAL is folded into it, it is renamed
// aside, and the checked copy renamed into its place, so the path holds one database or the other.
import { Database } from "bun:sqlite";
import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate as migrateWith } from "drizzle-orm/bun-sqlite/migrator";
import { migrationsFolder } from "@/db/sqlite/client.ts";
import { createPrivateFile } from "@/db/sqlite/private-file.ts";
import { RestoreRefused } from "./errors.ts";
import type { MigrationState } from "@/domain/migrations.ts";
import { integrityProblems, sqliteFacts, type DatabaseFacts } from "./sqlite.ts";

export type SqliteRestoreReport = {
  database: string;
  backup: string;
  /** Where the database it replaced was moved; null when there was none. */
  replaced: string | null;
  /** The backup's last migration, and the database's now: they differ when the backup was older than this build. */
  migrations: { backup: string | null; now: string | null; applied: number };
  ledger: DatabaseFacts["ledger"];
};

const sidecars = ["-wal", "-shm", "-journal"] as const;

/** The first bytes of a file, to tell an SQLite database from a pg_dump archive from anything else. */
export function fileStart(file: string): string {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new RestoreRefused("missing_file", `No backup at ${file}`);
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(16);
    return head.subarray(0, readSync(fd, head, 0, 16, 0)).toString("latin1");
  } finally {
    closeSync(fd);
  }
}

export const sqliteMagic = "SQLite format 3\0";
export const pgDumpMagic = "PGDMP";

const sqliteCode = (error: unknown) => (error as { code?: string })?.code ?? "";

/**
 * The copy as one file in rollback-journal mode, whatever mode it was copied in: readable without
 * a WAL index, and renamed into place with nothing beside it (the server turns WAL on again).
 */
function asOneFile(file: string): void {
  const sqlite = new Database(file);
  try {
    sqlite.run("PRAGMA journal_mode = DELETE");
  } finally {
    sqlite.close();
  }
}

/** The copy's own checks; refuses with the reason, the copy left for the caller to remove. */
function check(staged: string, backup: string): DatabaseFacts {
  let problems: string[];
  try {
    asOneFile(staged);
    problems = integrityProblems(staged);
  } catch (error) {
    if (/^SQLITE_(NOTADB|CORRUPT)/.test(sqliteCode(error))) throw new RestoreRefused("corrupt", `${backup} is damaged: ${(error as Error).message}`);
    throw error;
  }
  if (problems.length > 0) throw new RestoreRefused("corrupt", `${backup} is damaged: ${problems.slice(0, 3).join("; ")}`);
  const sqlite = new Database(staged, { readonly: true });
  const tables = sqlite.query("select name from sqlite_master where type = 'table' and name in ('users', 'ledger', '__drizzle_migrations')").all();
  sqlite.close();
  if (tables.length < 3) throw new RestoreRefused("not_a_backup", `${backup} is an SQLite database, but not refbot's`);
  const facts = sqliteFacts(staged);
  if (facts.migrations.unknown > 0) {
    throw new RestoreRefused("not_a_backup", `${backup} comes from a newer refbot: it has ${facts.migrations.unknown} migration(s) this build does not ship; restore it with that build`);
  }
  if (facts.ledger.problems.length > 0) {
    const first = facts.ledger.problems[0]!;
    throw new RestoreRefused("ledger_failed", `${backup} fails the ledger check: ${facts.ledger.problems.length} problem(s), the first ${first.kind} ${first.id}: ${first.detail}`);
  }
  return facts;
}

/**
 * Applies this build's pending migrations to the copy, in its rollback-journal mode: a WAL
 * connection that drizzle's unfinalized statements keep open after close would hold the file
 * from the steps after.
 */
function migrate(staged: string, before: MigrationState): { applied: number; now: string | null } {
  if (before.pending.length === 0) return { applied: 0, now: before.version };
  const sqlite = new Database(staged);
  try {
    sqlite.run("PRAGMA foreign_keys = ON");
    migrateWith(drizzle({ client: sqlite }), { migrationsFolder });
  } finally {
    sqlite.close();
  }
  const after = sqliteFacts(staged).migrations;
  return { applied: after.applied - before.applied, now: after.version };
}

/**
 * Takes the database from every other process, folds its WAL in and removes the WAL and the
 * shared-memory index while nobody else can have them; refuses while another process has it
 * open. A file SQLite cannot read is left as it is: nothing can be serving from it.
 */
function takeOver(database: string): void {
  const sqlite = new Database(database);
  try {
    sqlite.run("PRAGMA busy_timeout = 0");
    sqlite.run("PRAGMA locking_mode = EXCLUSIVE");
    sqlite.run("BEGIN EXCLUSIVE");
    sqlite.run("COMMIT");
    // Leaving WAL mode checkpoints the WAL into the file and deletes it; the lock stays held.
    sqlite.run("PRAGMA journal_mode = DELETE");
    rmSync(`${database}-shm`, { force: true });
  } catch (error) {
    if (sqliteCode(error).startsWith("SQLITE_BUSY")) {
      throw new RestoreRefused("in_use", `${database} is open in another process (a running server, or another refbot command): stop it, then restore`);
    }
    if (!/^SQLITE_(NOTADB|CORRUPT)/.test(sqliteCode(error))) throw error;
  } finally {
    sqlite.close();
  }
}

const stampOf = (now: Date) => `${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;

function syncFolder(folder: string) {
  const fd = openSync(folder, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function restoreSqlite(backup: string, database: string, now: Date): SqliteRestoreReport {
  const start = fileStart(backup);
  if (start.startsWith(pgDumpMagic)) throw new RestoreRefused("not_a_backup", `${backup} is a PostgreSQL backup (pg_dump): restore it with --db postgres://… or DATABASE_URL`);
  if (!start.startsWith(sqliteMagic)) throw new RestoreRefused("not_a_backup", `${backup} is not a refbot backup: neither an SQLite database nor a pg_dump archive`);
  const stamp = stampOf(now);
  const staged = `${database}.restoring-${stamp}`;
  createPrivateFile(staged);
  let facts: DatabaseFacts;
  let migrated: { applied: number; now: string | null };
  try {
    copyFileSync(backup, staged);
    facts = check(staged, backup);
    migrated = migrate(staged, facts.migrations);
    if (existsSync(database)) takeOver(database);
  } catch (error) {
    for (const file of [staged, ...sidecars.map((s) => staged + s)]) rmSync(file, { force: true });
    throw error;
  }
  let replaced: string | null = null;
  if (existsSync(database)) {
    replaced = `${database}.replaced-${stamp}`;
    renameSync(database, replaced);
    // Left only by a file SQLite could not read: kept beside it, as they belong to it.
    for (const suffix of sidecars) if (existsSync(database + suffix)) renameSync(database + suffix, replaced + suffix);
  }
  renameSync(staged, database);
  syncFolder(dirname(database));
  return { database, backup, replaced, migrations: { backup: facts.migrations.version, now: migrated.now, applied: migrated.applied }, ledger: facts.ledger };
}
