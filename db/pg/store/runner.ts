// What the PostgreSQL statements run on: the database, or one transaction of it (drizzle's
// PgTransaction is a PgDatabase, and its own transaction() is a savepoint).
import type { SQL } from "bun";
import type { PgDb } from "@/db/pg/client.ts";

export type PgRunner = Pick<PgDb, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

/** The SQLSTATE and constraint of a PostgreSQL error, which drizzle wraps as its `cause`. */
export function pgErrorOf(error: unknown): { state?: string; constraint?: string } {
  for (let e = error as { cause?: unknown; errno?: unknown; constraint?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.errno === "string") return { state: e.errno, constraint: typeof e.constraint === "string" ? e.constraint : undefined };
  }
  return {};
}

/**
 * Bun's client under a drizzle database or transaction: the pool, or the one connection the
 * transaction holds. For the statements every completion and request runs, written as plain SQL:
 * drizzle's query builder spent more CPU building them than PostgreSQL spent running them
 * (docs/scaling.md). Bun prepares each text once per connection either way.
 */
export function clientOf(db: PgRunner): SQL {
  return (db as unknown as { session: { client: SQL } }).session.client;
}

/** An int8 as Bun reads it (text, exact past 2^53) as the number the domain works with. */
export const int8 = (value: unknown): number => Number(value);
