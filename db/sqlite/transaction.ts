// SQLite transactions: one IMMEDIATE transaction at a time on the connection, run to its end
// synchronously (see domain/store.ts for why the rules' programs can be).
import type { Db } from "./client.ts";

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

/** drizzle types bun:sqlite's run() as void, but bun:sqlite returns how many rows it changed. */
export function changedRows(result: unknown): number {
  const changes = (result as { changes?: unknown } | undefined)?.changes;
  if (typeof changes !== "number") throw new Error("the SQLite driver did not report changed rows");
  return changes;
}
