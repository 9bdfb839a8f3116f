// Group commit. Requests that write arrive faster than a disk can sync, and with synchronous=FULL
// every commit waits for one. The queue runs every unit that arrived since the last commit in one
// IMMEDIATE transaction, each inside its own savepoint: a unit that throws is rolled back alone
// and its caller gets the error, the rest commit together, and nobody hears "done" before the
// commit is on disk. At synchronous=FULL that wait is spent off the request thread (wal-sync.ts),
// which meanwhile reads and signs in the requests of the next batch.
import type { Db } from "@/db/sqlite/client.ts";
import { prepared } from "@/db/sqlite/prepared.ts";
import type { Tx } from "@/db/sqlite/transaction.ts";
import { walSync, type WalSync } from "@/db/sqlite/wal-sync.ts";

type Unit = { run: (tx: Tx) => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Told the size of each batch that committed (the metrics' group-commit histogram). */
export type BatchWatch = (size: number) => void;

/** A write queue on `db`: `wal`, where commits leave their sync to it (the default at FULL). */
export function writeQueue(db: Db, { watch, wal = walSync(db) }: { watch?: BatchWatch; wal?: WalSync } = {}) {
  let pending: Unit[] = [];
  // While a batch's WAL is synced the next one gathers, as it did while COMMIT synced: batches
  // committed meanwhile would be smaller, each writing again the pages they share.
  let syncing = false;
  // A batch runs on a turn of its own, so the answers of the one before leave first.
  const schedule = () => setImmediate(flush);

  function flush() {
    const batch = pending;
    pending = [];
    const outcomes: Outcome[] = [];
    const commit = () =>
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
    try {
      if (wal) wal.commitUnsynced(commit);
      else commit();
    } catch (error) {
      // The commit itself failed: nothing of this batch is stored.
      for (const unit of batch) unit.reject(error);
      return;
    }
    watch?.(batch.length);
    // A refused unit waits too: its refusal may rest on a unit before it in the batch.
    const settle = () =>
      batch.forEach((unit, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) unit.resolve(outcome.value);
        else unit.reject(outcome.error);
      });
    if (!wal) return settle();
    syncing = true;
    wal
      .synced()
      .then(settle, (error) => {
        for (const unit of batch) unit.reject(error);
      })
      .finally(() => {
        syncing = false;
        if (pending.length > 0) schedule();
      });
  }

  return function enqueue<T>(run: (tx: Tx) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      pending.push({ run, resolve: resolve as (value: unknown) => void, reject });
      // Requests that arrive while this batch waits join it.
      if (pending.length === 1 && !syncing) schedule();
    });
  };
}

/**
 * Runs `run` (synchronous) in the next group commit on this database. One queue per database:
 * `watch`, given by the first caller (the store), hears of its batches.
 */
export function groupCommit<T>(db: Db, run: (tx: Tx) => T, watch?: BatchWatch): Promise<T> {
  return prepared(db, "writeQueue", () => writeQueue(db, { watch }))(run);
}
