// What the PostgreSQL statements run on: the database, or one transaction of it (drizzle's
// PgTransaction is a PgDatabase, and its own transaction() is a savepoint).
import type { PgDb } from "@/db/pg/client.ts";

export type PgRunner = Pick<PgDb, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

/** The SQLSTATE and constraint of a PostgreSQL error, which drizzle wraps as its `cause`. */
export function pgErrorOf(error: unknown): { state?: string; constraint?: string } {
  for (let e = error as { cause?: unknown; errno?: unknown; constraint?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.errno === "string") return { state: e.errno, constraint: typeof e.constraint === "string" ? e.constraint : undefined };
  }
  return {};
}
