// PostgreSQL's change feed (domain/store.ts): a trigger (migration 0002) announces each change to
// the tasks on the channel refbot_changes after its commit, to every instance listening. Users are
// not announced (migration 0005): they are read on every request instead (keepsUsers). A
// notification sent while the listening connection was down is lost, so each time the client
// listens again (after the first), the tasks are treated as changed. The feed is handed out once
// the server has acknowledged the LISTEN: a change committed before that would never be heard,
// and the tasks read meanwhile would be kept until the next change.
//
// When the store finds the database gone (reachability.ts), the listening connection went with it:
// what is read is served but not kept until the feed listens again. And when the store finds the
// database back, the feed listens again at once, rather than at the client's next try, which after
// a long outage can be half a minute away (Bun's backoff doubles up to 32 s). It listens on the
// client the store uses at the time, which is a new one after a dead pool was replaced
// (liveness.ts).
import type { SQL } from "bun";
import type { ChangeFeed } from "@/domain/store.ts";

export const changeChannel = "refbot_changes";

export type PgChangeFeed = ChangeFeed & {
  /** The database was found gone: notices may be missed until the feed listens again. */
  lost(): void;
  /** The database was found back: listens again now if it is not listening. */
  back(): Promise<void>;
  close(): Promise<void>;
};

/** How long to wait before listening again after a try that failed. */
const retryMs = 1_000;

export async function pgChanges(client: SQL | { current(): SQL }): Promise<PgChangeFeed> {
  const current = () => ("current" in client ? client.current() : client);
  const taskListeners: (() => void)[] = [];
  // Tasks are the only thing announced ("tasks"); any notice, or listening again, drops them.
  const tasksChanged = () => taskListeners.forEach((l) => l());
  let listens = 0;
  let listening = false;
  const subscribe = () =>
    current().listen(changeChannel, tasksChanged, () => {
      listening = true;
      if (listens++ > 0) tasksChanged();
    });
  let subscription = await subscribe();
  let resubscribing: Promise<void> | undefined;
  let closed = false;
  return {
    keepsUsers: false,
    // Users are not kept here (keepsUsers), so nobody listens for them.
    onUsers: () => {},
    onTasks: (listener) => void taskListeners.push(listener),
    poll: () => {},
    // Reads outside a transaction see only committed rows; they may be kept while notices are heard.
    settled: () => listening,
    lost() {
      if (!listening) return;
      listening = false;
      tasksChanged();
    },
    back() {
      if (listening) return Promise.resolve();
      resubscribing ??= (async () => {
        // The last registration removed closes the connection, backoff and all; the next opens
        // anew. One that fails leaves no registration behind, so it is tried again here.
        // A dead pool's connection may never answer: give up on it after a moment.
        await Promise.race([subscription.unlisten().catch(() => {}), Bun.sleep(retryMs)]);
        while (!closed) {
          try {
            subscription = await subscribe();
            return;
          } catch {
            await Bun.sleep(retryMs);
          }
        }
      })().finally(() => (resubscribing = undefined));
      return resubscribing;
    },
    close: async () => {
      closed = true;
      await resubscribing;
      await subscription.unlisten();
    },
  };
}
