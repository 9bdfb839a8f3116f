// A worker thread that copies the WAL into the database file on its own connection, so that the
// server's request thread seldom has to. PASSIVE checkpoints never wait for the writer: each copies
// what the WAL held when it began while the writer goes on appending. The WAL starts over from
// its beginning only after a checkpoint that the writer itself runs (its automatic one, at 64 MiB)
// finds everything copied, so that one is left with a few frames to copy instead of 64 MiB.
// What is worth a line in the log goes to the thread that started it, which writes the log.
import { Database } from "bun:sqlite";

declare const self: Worker;

type Checkpoint = { busy: number; log: number; checkpointed: number };

/** A line for the server's log, as the worker posts it (checkpoints.ts writes it). */
export type CheckpointLine = { level: "info" | "error"; fields: Record<string, unknown>; msg: string };

const report = (line: CheckpointLine) => postMessage({ line });

const passesPerTick = 5;
/** The longest wait between tries while checkpoints fail, and how often the same failure is logged. */
const longestPauseMs = 5_000;
const logEveryMs = 60_000;
let db: Database | undefined;
let timer: ReturnType<typeof setInterval> | undefined;

function tick(db: Database) {
  const passive = db.query<Checkpoint, []>("PRAGMA wal_checkpoint(PASSIVE)");
  let state = passive.get()!;
  for (let pass = 1; pass < passesPerTick && state.checkpointed < state.log; pass++) state = passive.get()!;
}

self.onmessage = (event: MessageEvent<{ start?: { path: string; everyMs: number }; stop?: true }>) => {
  const { start, stop } = event.data;
  if (start) {
    const conn = (db = new Database(start.path));
    conn.run("PRAGMA busy_timeout = 5000");
    // A failure that lasts (a full disk) is tried again after a pause that doubles up to
    // `longestPauseMs`, and logged when it first happens and then once a minute, not on every tick.
    let failing: { message: string; loggedAt: number; skipped: number; pauseMs: number; retryAt: number } | undefined;
    timer = setInterval(() => {
      const now = Date.now();
      if (failing && now < failing.retryAt) return;
      try {
        tick(conn);
        if (failing) report({ level: "info", fields: { after: failing.message }, msg: "checkpoint works again" });
        failing = undefined;
      } catch (error) {
        const message = (error as Error).message;
        // A busy moment is retried on the next tick; anything else is worth a line in the log.
        if (String(error).includes("SQLITE_BUSY")) return;
        const pauseMs = Math.min((failing?.pauseMs ?? start.everyMs) * 2, longestPauseMs);
        if (!failing || failing.message !== message || now - failing.loggedAt >= logEveryMs) {
          report({ level: "error", fields: { error: message, ...(failing && failing.skipped > 0 && { sinceLastLine: failing.skipped }) }, msg: "checkpoint failed" });
          failing = { message, loggedAt: now, skipped: 0, pauseMs, retryAt: now + pauseMs };
        } else {
          failing = { ...failing, skipped: failing.skipped + 1, pauseMs, retryAt: now + pauseMs };
        }
      }
    }, start.everyMs);
  }
  if (stop) {
    clearInterval(timer);
    db?.close();
    postMessage("stopped");
  }
};
