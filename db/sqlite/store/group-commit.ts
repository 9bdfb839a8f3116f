// Group commit. Requests that write arrive faster than a disk can sync, and with synchronous=FULL
// every commit waits for one. The queue runs every unit that arrived since the last commit in one
// IMMEDIATE transaction, each inside its own savepoint: a unit that throws is rolled back alone
// and its caller gets the error, the rest commit together, and nobody hears "done" before the
// commit is on disk.
import type { Db } from "@/db/sqlite/client.ts";
import { prepared } from "@/db/sqlite/prepared.ts";
import type { Tx } from "@/db/sqlite/transaction.ts";

type Unit = { run: (tx: Tx) => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Told the size of each batch that committed (the metrics' group-commit histogram). */
export type BatchWatch = (size: number) => void;

function createWriteQueue(db: Db, watch?: BatchWatch) {
  let pending: Unit[] = [];

  function flush() {
    const batch = pending;
    pending = [];
    const outcomes: Outcome[] = [];
    try {
      db.transaction(
        (tx) => {
          const conn = db.$client;
          for (const unit of batch) {
            conn.query("savepoint unit").run();
            try {
              const value = unit.run(tx);
              // An async unit would write after its savepoint is released: refuse it.
              if (value instanceof Promise) throw new Error("group commit units must be synchronous");
              outcomes.push({ ok: true, value });
              conn.query("release unit").run();
            } catch (error) {
              conn.query("rollback to unit").run();
              conn.query("release unit").run();
              outcomes.push({ ok: false, error });
            }
          }
        },
        { behavior: "immediate" },
      );
    } catch (error) {
      // The commit itself failed: nothing of this batch is stored.
      for (const unit of batch) unit.reject(error);
      return;
    }
    watch?.(batch.length);
    batch.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }

  return function enqueue<T>(run: (tx: Tx) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      pending.push({ run, resolve: resolve as (value: unknown) => void, reject });
      // Requests that arrive while this batch waits join it.
      if (pending.length === 1) setImmediate(flush);
    });
  };
}

/**
 * Runs `run` (synchronous) in the next group commit on this database. One queue per database:
 * `watch`, given by the first caller (the store), hears of its batches.
 */
export function groupCommit<T>(db: Db, run: (tx: Tx) => T, watch?: BatchWatch): Promise<T> {
  return prepared(db, "writeQueue", () => createWriteQueue(db, watch))(run);
}
