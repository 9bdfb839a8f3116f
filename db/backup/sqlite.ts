// SQLite backups: one consistent, compacted copy of the live file (VACUUM INTO, which includes
// what is still in the WAL and lets the server keep serving), and what a copy holds: its
// integrity, its migrations and its ledger.
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { shippedMigrations, appliedOnSqlite } from "@/db/migrations.ts";
import { migrationsFolder, openDb } from "@/db/sqlite/client.ts";
import { createPrivateFile } from "@/db/sqlite/private-file.ts";
import { checkLedger } from "@/db/sqlite/store/ledger.ts";
import type { LedgerCheck } from "@/domain/ledger-check.ts";
import { migrationState, type MigrationState } from "@/domain/migrations.ts";
import { BackupFailed } from "./errors.ts";

export type DatabaseFacts = { migrations: MigrationState; ledger: LedgerCheck };

/** Writes the copy of `source` at `target` (0600, in a 0700 folder if new); leaves no file when it fails. */
export function vacuumInto(source: string, target: string): void {
  // VACUUM INTO writes into an empty file it finds and keeps that file's mode.
  createPrivateFile(target);
  const sqlite = new Database(source, { readonly: true });
  try {
    // Waits for a writer that holds the lock instead of failing at once.
    sqlite.run("PRAGMA busy_timeout = 5000");
    sqlite.run("VACUUM INTO ?", [target]);
  } catch (error) {
    // Leave no empty file behind, so the same command can simply be run again.
    rmSync(target, { force: true });
    throw error;
  } finally {
    sqlite.close();
  }
  const problem = integrityProblems(target, "quick_check")[0];
  if (problem) {
    rmSync(target, { force: true });
    throw new BackupFailed(`the copy at ${target} failed its integrity check (${problem}); it was removed`);
  }
}

/** What SQLite's integrity check (or its quicker form) finds wrong with the file; none when it is sound. */
export function integrityProblems(file: string, check: "integrity_check" | "quick_check" = "integrity_check"): string[] {
  const sqlite = new Database(file, { readonly: true });
  try {
    const rows = sqlite.query<Record<string, string>, []>(`PRAGMA ${check}`).all().map((row) => Object.values(row)[0]!);
    return rows.length === 1 && rows[0] === "ok" ? [] : rows;
  } finally {
    sqlite.close();
  }
}

/** The migrations and the ledger of the database file, read-only. */
export function sqliteFacts(file: string): DatabaseFacts {
  const db = openDb(file, { readonly: true, cacheMb: 8 });
  try {
    return { migrations: migrationState(appliedOnSqlite(db.$client), shippedMigrations(migrationsFolder)), ledger: checkLedger(db) };
  } finally {
    db.$client.close();
  }
}
