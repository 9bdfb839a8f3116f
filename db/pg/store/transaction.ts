// A transaction on a connection of the pool, with BEGIN sent together with the first statements
// and COMMIT together with the counter bumps (counters.ts), instead of each as a round trip of its
// own: Bun's begin() waits for BEGIN's answer before it runs anything and for every query in
// flight before it sends COMMIT. For grouped batches (group-commit.ts): a batch is a few round
// trips long, and its length is what every completion in it waits for.
//
// drizzle here sits on the bare connection, so its transaction() would send a second BEGIN and
// then commit this transaction half way; it throws instead. A program that needs a savepoint
// fails its batch, and runs again alone, in a transaction of drizzle's where savepoints work.
import type { SQL } from "bun";
import { drizzle } from "drizzle-orm/bun-sql";
import type { PgDb } from "@/db/pg/client.ts";
import { holdBumps } from "./counters.ts";
import { askXid, type Attempt } from "./attempts.ts";
import type { PgRunner } from "./runner.ts";

export async function pipelinedTransaction<T>(db: PgDb, run: (tx: PgRunner) => Promise<T>, attempt: Attempt<T>): Promise<T> {
  const connection = await db.$client.reserve();
  let open = true;
  try {
    // drizzle over the one connection, for the statements that are not plain SQL (runner.ts).
    const tx = Object.assign(drizzle({ client: connection as unknown as SQL }), {
      transaction: () => {
        throw new Error("no savepoints in a pipelined transaction");
      },
    }) as unknown as PgRunner;
    const begun = connection.unsafe("begin").execute();
    // Awaited below; if `run` fails first, its failure is the one thrown.
    begun.catch(() => {});
    askXid(attempt, connection);
    const sendBumps = holdBumps(tx);
    const result = await run(tx);
    await begun;
    // The bumps and COMMIT go out together: from here a lost connection leaves the outcome to be asked.
    attempt.committing = { value: result };
    const bumped = sendBumps();
    // If a bump fails, PostgreSQL answers this COMMIT by rolling back, and the bump's error is thrown.
    const committed = connection.unsafe("commit").execute();
    await Promise.all([bumped, committed]);
    open = false;
    return result;
  } finally {
    // A failure before the commit: undo what this transaction did before the connection goes back.
    if (open) await connection.unsafe("rollback").catch(() => {});
    connection.release();
  }
}
