// What every domain function receives: plain values and services, never an HTTP request.
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
