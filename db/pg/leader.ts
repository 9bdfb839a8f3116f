// Which instance of the fleet runs the singletons (the bot's long polling, the broadcast
// scheduler): the one holding a session advisory lock. PostgreSQL releases the lock when the
// holder's connection ends, crash or SIGKILL included, and another instance, asking every
// `retryMs`, takes over within that time. Nothing is elected by hand.
import type { SQL } from "bun";
import { silentLog, type Log } from "@/observe/log.ts";

export type Leadership = {
  /** Called with true when this instance starts leading, false when it stops. */
  onChange(listener: (leading: boolean) => void): void;
  isLeading(): boolean;
  stop(): Promise<void>;
};

export function pgLeadership(client: SQL, name: string, { retryMs = 2000, log = silentLog }: { retryMs?: number; log?: Log } = {}): Leadership {
  const listeners: ((leading: boolean) => void)[] = [];
  let leading = false;
  let stopped = false;
  let connection: Awaited<ReturnType<SQL["reserve"]>> | undefined;
  let wake: (() => void) | undefined;

  const set = (now: boolean) => {
    if (now === leading) return;
    leading = now;
    // Leadership lost while running is worth a look (its connection failed); at a stop it is expected.
    if (now) log.info({ lock: name }, "leading the fleet");
    else log[stopped ? "info" : "warn"]({ lock: name }, "no longer leading the fleet");
    for (const listener of listeners) listener(now);
  };
  const pause = () => new Promise<void>((resolve) => setTimeout((wake = resolve), retryMs));

  const loop = (async () => {
    while (!stopped) {
      try {
        connection ??= await client.reserve();
        if (!leading) {
          const [row] = await connection`select pg_try_advisory_lock(hashtext(${name})) as got`;
          if (row.got) set(true);
        } else {
          // The lock lives as long as this connection: a query that fails means it is gone.
          await connection`select 1`;
        }
      } catch (error) {
        set(false);
        log.warn({ lock: name, err: error }, "leadership check failed");
        connection?.release();
        connection = undefined;
      }
      await pause();
    }
  })();

  return {
    onChange: (listener) => void listeners.push(listener),
    isLeading: () => leading,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      set(false);
      if (connection) {
        // Unlocked before the connection goes back to the pool, where it would keep the lock.
        await connection`select pg_advisory_unlock_all()`.catch(() => {});
        connection.release();
      }
    },
  };
}
