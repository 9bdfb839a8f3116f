// What every domain function receives: plain values and services, never an HTTP request.
import type { Database } from "bun:sqlite";
import type { Config } from "@/api/config.ts";
import type { Db } from "@/db/client.ts";
import { ledgerStatements } from "@/db/store/ledger.ts";
import type { MembershipChecker } from "./membership.ts";
import type { Notifier } from "./notifier.ts";
import type { Statements, Store } from "./store.ts";

export type Clock = () => Date;

export type Deps = {
  db: Db;
  /** The engine's statements and transactions, for the rules written as programs (store.ts). */
  store: Store;
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
  let open = true;
  try {
    return db.transaction((tx) => {
      // Once the transaction is over its handle refuses every use, so what an async callback
      // does after its first await cannot write outside the transaction (in autocommit).
      const handle = new Proxy(tx, {
        get(target, prop, receiver) {
          if (!open) throw new Error("transaction callbacks must be synchronous: this transaction is over");
          return Reflect.get(target, prop, receiver);
        },
      });
      const result = fn(handle);
      if (result instanceof Promise) {
        result.catch(() => {}); // its later steps fail on the closed handle, as they should
        // Throwing here, before the commit, rolls back whatever the callback wrote so far.
        throw new Error("transaction callbacks must be synchronous");
      }
      return result;
    }, { behavior: "immediate" });
  } finally {
    open = false;
  }
}

/**
 * The ledger's statements in a SQLite transaction, for rules not yet written as programs over the
 * Store (store.ts): they run credit() and debit() with runNow.
 */
export function ledgerIn(tx: Tx): Pick<Statements, "ledger"> {
  return { ledger: ledgerStatements(connectionOf(tx)) };
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
