// Checkpoints for the long-running server: a worker thread copies the WAL into the database file
// as it grows (see checkpoint-worker.ts), off the thread that answers requests.
import { silentLog, type Log } from "@/observe/log.ts";
import type { Db } from "./client.ts";
import type { CheckpointLine } from "./checkpoint-worker.ts";

export function checkpointInBackground(db: Db, path: string, { everyMs = 50, log = silentLog }: { everyMs?: number; log?: Log } = {}): { stop: () => Promise<void> } {
  const worker = new Worker(new URL("./checkpoint-worker.ts", import.meta.url).href);
  let stopped = () => {};
  worker.onmessage = (event: MessageEvent<{ line: CheckpointLine } | "stopped">) => {
    if (event.data === "stopped") return stopped();
    const { line } = event.data;
    log[line.level](line.fields, line.msg);
  };
  worker.postMessage({ start: { path, everyMs } });
  (worker as Worker & { unref(): void }).unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => (worker.terminate(), resolve());
        const timeout = setTimeout(done, 2000);
        stopped = () => (clearTimeout(timeout), done());
        worker.postMessage({ stop: true });
      }),
  };
}
