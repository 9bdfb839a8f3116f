// What every domain function receives: plain values and services, never an HTTP request.
import type { Database } from "bun:sqlite";
import type { Config } from "../config.ts";
import type { Db } from "../../db/client.ts";
import type { MembershipChecker } from "./membership.ts";
import type { Notifier } from "./notifier.ts";

export type Clock = () => Date;

export type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  membership: MembershipChecker;
  notifier: Notifier;
};

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs `fn` in one IMMEDIATE transaction. The callback must stay synchronous: with drizzle on
 * bun:sqlite an async callback commits at its first await, and a later failure would no longer
 * roll anything back.
 */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => T): T {
  return db.transaction((tx) => {
    const result = fn(tx);
    // Throwing here, before the commit, rolls back whatever an async callback wrote so far.
    if (result instanceof Promise) throw new Error("transaction callbacks must be synchronous");
    return result;
  }, { behavior: "immediate" });
}

/** drizzle types bun:sqlite's run() as void, but bun:sqlite returns how many rows it changed. */
export function changedRows(result: unknown): number {
  const changes = (result as { changes?: unknown } | undefined)?.changes;
  if (typeof changes !== "number") throw new Error("the SQLite driver did not report changed rows");
  return changes;
}

/**
 * The SQLite connection a transaction runs on. Hot paths run plain SQL through its query()
 * cache, which compiles each statement once per connection, instead of building it with drizzle
 * on every call. drizzle keeps the client on the transaction's session without typing it.
 */
export function connectionOf(tx: Tx): Database {
  return (tx as unknown as { session: { client: Database } }).session.client;
}
