// PostgreSQL's change feed (domain/store.ts): the triggers of migration 0002 announce each write
// on the channel refbot_changes after its commit, to every instance listening. A notification
// sent while the listening connection was down is lost, so each time the client listens again
// (after the first), everything is treated as changed.
import type { SQL } from "bun";
import type { ChangeFeed } from "@/domain/store.ts";

export const changeChannel = "refbot_changes";

export function pgChanges(client: SQL): ChangeFeed & { close(): Promise<void> } {
  const userListeners: ((id: number | undefined) => void)[] = [];
  const taskListeners: (() => void)[] = [];
  const everything = () => {
    userListeners.forEach((l) => l(undefined));
    taskListeners.forEach((l) => l());
  };
  let listens = 0;
  const subscription = client.listen(
    changeChannel,
    (payload) => {
      if (payload === "tasks") taskListeners.forEach((l) => l());
      else if (payload.startsWith("users:")) userListeners.forEach((l) => l(Number(payload.slice(6))));
      else everything();
    },
    () => {
      if (listens++ > 0) everything();
    },
  );
  return {
    onUsers: (listener) => void userListeners.push(listener),
    onTasks: (listener) => void taskListeners.push(listener),
    poll: () => {},
    // Reads outside a transaction see only committed rows.
    settled: () => true,
    close: async () => (await subscription).unlisten(),
  };
}
