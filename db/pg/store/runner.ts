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

// Bun's FAILED is a connection closed before it was established: a load balancer in front of a
// database that is down accepts and closes every connection.
const lostConnection = new Set([
  "ERR_POSTGRES_CONNECTION_CLOSED",
  "ERR_POSTGRES_CONNECTION_FAILED",
  "ERR_POSTGRES_CONNECTION_REFUSED",
  "ERR_POSTGRES_CONNECTION_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
]);
const endedByServer = new Set(["57P01", "57P02", "57P03"]);

/**
 * Whether the error says the connection is gone or could not be made: closed, refused, timed out,
 * closed before it was established, or ended by
 * the server as it shut down or failed over (SQLSTATE class 08, 57P01–57P03), or with any error
 * of severity FATAL, which always ends the session: a database dropped or not accepting
 * connections, a role refused, too many connections. A transaction on it did not commit, unless
 * its COMMIT had been sent, after which nobody can say.
 */
export function connectionLost(error: unknown): boolean {
  for (let e = error as { cause?: unknown; code?: unknown; errno?: unknown; severity?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === "string" && lostConnection.has(e.code)) return true;
    if (typeof e.errno === "string" && (e.errno.startsWith("08") || endedByServer.has(e.errno))) return true;
    if (e.severity === "FATAL" || e.severity === "PANIC") return true;
  }
  return false;
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
