// Running a transaction again. PostgreSQL asks for it after a serialization failure or a deadlock
// (two transactions crediting two users in opposite orders): everything was rolled back, and the
// transaction runs again from the start, a few times. A lost connection (a failover, a restarted
// pooler) is the same as long as the transaction's COMMIT had not been sent: it cannot have
// committed. One lost while its COMMIT was under way may have committed or not; rather than guess,
// its id, taken in its first round trip, is asked about on a new connection (txid_status): a
// commit is answered as the commit it was, a rollback runs again, and only when the database
// cannot tell does the caller hear that the outcome is unknown (COMMIT_UNCONFIRMED). Tries after a
// lost connection stop once the call has taken `budgetMs`, so that a caller hears in seconds that
// the database is away rather than after every try has waited out its timeout. A database out of
// disk (53100) is told as STORAGE_FULL, which no try soon would change.
import type { SQL } from "bun";
import { storageFullError } from "@/db/storage-full.ts";
import { AppError } from "@/domain/errors.ts";
import type { Reachability } from "./reachability.ts";
import { connectionLost, pgErrorOf } from "./runner.ts";

const retryable = new Set(["40001", "40P01"]);
const maxAttempts = 5;
/** How long to keep asking what became of a transaction whose server is still ending it. */
const outcomeTries = 20;
const outcomePauseMs = 50;
/** The pause before a try after a lost connection: this times the number of tries so far. */
const lostPauseMs = 50;

/**
 * One run of a transaction, as far as it got: its id (asked for with its first statements), and,
 * from the moment its COMMIT is sent, the answer it gives if that COMMIT took.
 */
export type Attempt<T> = { xid?: Promise<string>; committing?: { value: T } };

/** Asks for the transaction's id on its connection, in the same round trip as what follows. */
export function askXid(attempt: Attempt<unknown>, connection: SQL): void {
  const xid = connection.unsafe("select txid_current()::text as xid").then((rows: { xid: string }[]) => rows[0]!.xid);
  xid.catch(() => {}); // A failure here fails the transaction's next statement too; that one is thrown.
  attempt.xid = xid;
}

/**
 * Runs `run` until it succeeds, fails for good, or has been tried `maxAttempts` times. While the
 * reachability `gate` knows the database away (reachability.ts), a turn without a probe counts as
 * a lost attempt without going to the pool. `client` asks what became of a lost COMMIT: a client, or whichever the
 * store uses at the time (its pool may have been replaced meanwhile, liveness.ts).
 */
export async function retrying<T>(
  client: SQL | { current(): SQL },
  gate: Reachability,
  run: (attempt: Attempt<T>) => Promise<T>,
  { budgetMs = Infinity, storageFull = storageFullError }: { budgetMs?: number; storageFull?: () => AppError } = {},
): Promise<T> {
  const started = performance.now();
  const spent = () => performance.now() - started >= budgetMs;
  for (let tries = 1; ; tries++) {
    const turn = await gate.enter();
    if (turn === "away") {
      if (tries >= maxAttempts || spent()) throw unavailable();
      await Bun.sleep(lostPauseMs * tries);
      continue;
    }
    const attempt: Attempt<T> = {};
    try {
      const value = await run(attempt);
      gate.report(turn, true);
      return value;
    } catch (error) {
      const lost = connectionLost(error);
      gate.report(turn, !lost);
      if (lost && attempt.committing) {
        const outcome = await commitOutcome("current" in client ? client.current() : client, attempt);
        if (outcome === "committed") return attempt.committing.value;
        if (outcome === undefined) {
          throw new AppError("COMMIT_UNCONFIRMED", "The connection to the database was lost while saving; the change may have been made, so check before trying again");
        }
        // Rolled back: as if the connection had been lost before the commit.
      }
      if (lost && (tries >= maxAttempts || spent())) throw unavailable();
      if (!lost && pgErrorOf(error).state === diskFull) throw storageFull();
      if (!lost && (tries >= maxAttempts || !retryable.has(pgErrorOf(error).state ?? ""))) throw error;
      // A short random pause, so the two that collided do not collide again; a longer one for
      // the pool to open a new connection, so that a brief outage is ridden out.
      await Bun.sleep(lost ? lostPauseMs * tries : Math.random() * 10 * tries);
    }
  }
}

const diskFull = "53100";

const unavailable = () => new AppError("DATABASE_UNAVAILABLE", "The service could not reach its database; nothing was changed, try again in a moment");

/** What became of the attempt's transaction, asked on another connection; undefined if nobody can say. */
async function commitOutcome(client: SQL, attempt: Attempt<unknown>): Promise<"committed" | "aborted" | undefined> {
  const xid = await attempt.xid?.catch(() => undefined);
  if (!xid) return undefined;
  for (let i = 0; i < outcomeTries; i++) {
    try {
      const [{ status }] = await client`select txid_status(${xid}::int8) as status`;
      if (status === "committed" || status === "aborted") return status;
      // "in progress": the server has not finished ending the lost connection's transaction.
      if (status !== "in progress") return undefined;
    } catch (error) {
      if (!connectionLost(error)) return undefined;
    }
    await Bun.sleep(outcomePauseMs);
  }
  return undefined;
}
