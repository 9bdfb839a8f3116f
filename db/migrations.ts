// The migrations this build ships for each engine, read from its journal, and the ones a database
// has applied, by the time the migrator records for each (domain/migrations.ts compares them).
import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Migration } from "@/domain/migrations.ts";

/** The entries of drizzle's journal in a migrations folder, oldest first. */
export function shippedMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as { entries: Migration[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The times of the applied migrations, on a database known to have its migrations table (a served one). */
export const appliedSql = {
  sqlite: "select created_at as at from __drizzle_migrations",
  postgres: "select created_at::float8 as at from drizzle.__drizzle_migrations",
} as const;

export const appliedTimes = (rows: readonly { at: number | string }[]) => rows.map((r) => Number(r.at));

/** What any SQLite database has applied: none when it has no migrations table (a new file, or not refbot's). */
export function appliedOnSqlite(sqlite: Database): number[] {
  const table = sqlite.query("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  return table ? appliedTimes(sqlite.query<{ at: number }, []>(appliedSql.sqlite).all()) : [];
}

/** What any PostgreSQL database has applied: none when it has no migrations table. */
export async function appliedOnPg(sql: SQL): Promise<number[]> {
  const [{ present }] = await sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`;
  return present ? appliedTimes(await sql.unsafe(appliedSql.postgres)) : [];
}
