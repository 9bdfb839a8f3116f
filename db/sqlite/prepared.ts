// Prepared statements, built once per database connection. Building a query with drizzle and
// preparing it with SQLite costs far more than running it, so hot paths reuse one statement.
import type { Db } from "./client.ts";

const cache = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = build(db)));
  return statement;
}
