// A worker thread that copies the WAL into the database file on its own connection, so that the
// server's request thread seldom has to. PASSIVE checkpoints never wait for the writer: each copies
// what the WAL held when it began while the writer goes on appending. The WAL starts over from
// its beginning only after a checkpoint that the writer itself runs (its automatic one, at 64 MiB)
// finds everything copied, so that one is left with a few frames to copy instead of 64 MiB.
import { Database } from "bun:sqlite";

declare const self: Worker;

type Checkpoint = { busy: number; log: number; checkpointed: number };

const passesPerTick = 5;
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
    timer = setInterval(() => {
      try {
        tick(conn);
      } catch (error) {
        // A busy moment is retried on the next tick; anything else is worth a line in the log.
        if (!String(error).includes("SQLITE_BUSY")) console.error(`checkpoint failed: ${(error as Error).message}`);
      }
    }, start.everyMs);
  }
  if (stop) {
    clearInterval(timer);
    db?.close();
    postMessage("stopped");
  }
};
