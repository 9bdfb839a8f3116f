// Checkpoints for the long-running server: a worker thread copies the WAL into the database file
// as it grows (see checkpoint-worker.ts), off the thread that answers requests.
import type { Db } from "./client.ts";

export function checkpointInBackground(db: Db, path: string, everyMs = 50): { stop: () => Promise<void> } {
  const worker = new Worker(new URL("./checkpoint-worker.ts", import.meta.url).href);
  worker.postMessage({ start: { path, everyMs } });
  (worker as Worker & { unref(): void }).unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => (worker.terminate(), resolve());
        const timeout = setTimeout(done, 2000);
        worker.onmessage = () => (clearTimeout(timeout), done());
        worker.postMessage({ stop: true });
      }),
  };
}
