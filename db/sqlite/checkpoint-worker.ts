// A worker thread that copies the WAL into the database file on its own connection, so that the
// server's request thread seldom has to. PASSIVE checkpoints never wait for the writer: each copies
// what the WAL held when it began while the writer goes on appending.
//
// The WAL starts over from its beginning only when a write transaction begins with everything in
// it copied. Under a steady stream of commits that moment comes only if the copying keeps right
// behind the writer: a pass is begun again as soon as the last one ends while frames keep coming,
// so that a pass often finishes between two group commits and the next commit restarts the WAL
// for free. A worker that only looked every 50 ms left the restart to the writer's own automatic
// checkpoint at 64 MiB, which copies what is left and syncs the database file inside a commit:
// every request of that batch, and of those queued behind it, waited 25–110 ms for it, once a
// second at a few thousand completions a second. Once no frame has arrived for the longer pause,
// the worker looks only that often.
// What is worth a line in the log goes to the thread that started it, which writes the log.
import { Database } from "bun:sqlite";

declare const self: Worker;

type Checkpoint = { busy: number; log: number; checkpointed: number };

/** A line for the server's log, as the worker posts it (checkpoints.ts writes it). */
export type CheckpointLine = { level: "info" | "error"; fields: Record<string, unknown>; msg: string };

const report = (line: CheckpointLine) => postMessage({ line });

/** The longest run of passes in one turn, so a message to stop is never kept waiting long. */
const passesPerTick = 50;
/** The pause before the next turn while frames keep coming, that is until none came for `everyMs`. */
const busyPauseMs = 2;
/** The longest wait between tries while checkpoints fail, and how often the same failure is logged. */
const longestPauseMs = 5_000;
const logEveryMs = 60_000;
let db: Database | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Copies what the WAL holds, pass after pass while the writer adds to it; the WAL's length at the end. */
function tick(db: Database): number {
  const passive = db.query<Checkpoint, []>("PRAGMA wal_checkpoint(PASSIVE)");
  let state = passive.get()!;
  for (let pass = 1; pass < passesPerTick && state.checkpointed < state.log; pass++) state = passive.get()!;
  return state.log;
}

self.onmessage = (event: MessageEvent<{ start?: { path: string; everyMs: number }; stop?: true }>) => {
  const { start, stop } = event.data;
  if (start) {
    const conn = (db = new Database(start.path));
    conn.run("PRAGMA busy_timeout = 5000");
    // A failure that lasts (a full disk) is tried again after a pause that doubles up to
    // `longestPauseMs`, and logged when it first happens and then once a minute, not on every tick.
    let failing: { message: string; loggedAt: number; skipped: number; pauseMs: number } | undefined;
    // The WAL's length after the last turn, and when it last changed: frames are arriving.
    let lastLog = -1;
    let arrivedAt = 0;
    const turn = (): number => {
      const now = Date.now();
      try {
        const log = tick(conn);
        if (failing) report({ level: "info", fields: { after: failing.message }, msg: "checkpoint works again" });
        failing = undefined;
        if (log !== lastLog) arrivedAt = now;
        lastLog = log;
        return now - arrivedAt < start.everyMs ? busyPauseMs : start.everyMs;
      } catch (error) {
        const message = (error as Error).message;
        // A busy moment is retried on the next turn; anything else is worth a line in the log.
        if (String(error).includes("SQLITE_BUSY")) return busyPauseMs;
        const pauseMs = Math.min((failing?.pauseMs ?? start.everyMs) * 2, longestPauseMs);
        if (!failing || failing.message !== message || now - failing.loggedAt >= logEveryMs) {
          report({ level: "error", fields: { error: message, ...(failing && failing.skipped > 0 && { sinceLastLine: failing.skipped }) }, msg: "checkpoint failed" });
          failing = { message, loggedAt: now, skipped: 0, pauseMs };
        } else {
          failing = { ...failing, skipped: failing.skipped + 1, pauseMs };
        }
        return pauseMs;
      }
    };
    const next = () => (timer = setTimeout(next, turn()));
    timer = setTimeout(next, start.everyMs);
  }
  if (stop) {
    clearTimeout(timer);
    db?.close();
    postMessage("stopped");
  }
};
