// Group commit on PostgreSQL. A completion alone is a few statements between BEGIN and COMMIT,
// and most of what it costs, on the server and in PostgreSQL, is per round trip and per
// transaction rather than per row. So the programs that ask for it (`grouped`: the busiest
// writes) run several to a transaction: every unit that arrived since the last batch started
// runs in the next one, all of them at once on its connection, so their statements go out
// pipelined, one network round trip for a statement of each, and one commit (and one disk flush)
// answers them all. Nobody hears "done" before that commit.
//
// Why units may share a transaction: each statement of a program is one conditional write or a
// unique-index insert (store.ts), which PostgreSQL runs one at a time on the connection, each
// seeing every write before it. That is what READ COMMITTED gives two concurrent transactions
// too, with the other's writes seen once committed: a rule safe under one is safe under the
// other (a twin completion's insert finds its twin's row, a referral is marked qualified once).
//
// What a shared transaction cannot do is undo one unit alone: PostgreSQL undoes a statement that
// fails by aborting the whole transaction, and a savepoint per unit would put the units back in
// line one after another. So when any unit fails, whether a rule refused it or a statement did,
// the batch is rolled back and each of its units runs again in a transaction of its own, whose
// outcome is the one its caller hears. A refusal costs its batch that second run, which is why
// only writes that are seldom refused ask to be grouped (a second tap on a task already done today
// is the commonest refusal among them).
import { AppError } from "@/domain/errors.ts";
import type { Program } from "@/domain/store.ts";

/**
 * Units per transaction at most: a burst is split rather than held in one transaction whose row
 * locks all wait for its slowest unit, and whose rollback would send all of them round again.
 */
const maxBatch = 64;

type Unit = { program: Program<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** Thrown inside a batch's transaction to roll it back once a unit has failed. */
class UnitFailed extends Error {}

/**
 * A queue that runs grouped programs in batches through `inOneTransaction`, at most `inFlight`
 * batches at a time, and a program on its own through `inOwnTransaction`. `watch` hears how many
 * programs each committed transaction ran (the metrics' group-commit histogram).
 */
export function pgGroupCommit(
  inOneTransaction: (programs: Program<unknown>[]) => Promise<unknown[]>,
  inOwnTransaction: (program: Program<unknown>) => Promise<unknown>,
  inFlight: number,
  watch?: (size: number) => void,
) {
  const pending: Unit[] = [];
  let running = 0;

  function start() {
    while (pending.length > 0 && running < inFlight) {
      const batch = pending.splice(0, maxBatch);
      running++;
      void run(batch).finally(() => {
        running--;
        start();
      });
    }
  }

  async function run(batch: Unit[]) {
    if (batch.length > 1) {
      try {
        const values = await inOneTransaction(batch.map((unit) => unit.program));
        watch?.(batch.length);
        batch.forEach((unit, i) => unit.resolve(values[i]));
        return;
      } catch (error) {
        // The database unreachable, or the commit unconfirmed: every unit hears it, since running
        // them again alone would fail the same way, or might do twice what the batch did.
        if (error instanceof AppError) return batch.forEach((unit) => unit.reject(error));
        // Rolled back: every unit runs again below, each in a transaction of its own.
      }
    }
    const alone = (value: unknown) => (watch?.(1), value);
    await Promise.all(batch.map((unit) => inOwnTransaction(unit.program).then(alone).then(unit.resolve, unit.reject)));
  }

  return function enqueue<T>(program: Program<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      pending.push({ program, resolve: resolve as (value: unknown) => void, reject });
      // What arrives before the batch starts joins it.
      if (pending.length === 1) setImmediate(start);
    });
  };
}

/** Settles every program's run, then throws if any failed, so the transaction rolls back whole. */
export async function allOrRollBack(runs: Promise<unknown>[]): Promise<unknown[]> {
  const outcomes = await Promise.allSettled(runs);
  if (outcomes.some((o) => o.status === "rejected")) throw new UnitFailed("a unit of the batch failed");
  return outcomes.map((o) => (o as PromiseFulfilledResult<unknown>).value);
}
