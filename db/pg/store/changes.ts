// PostgreSQL's change feed (domain/store.ts): a trigger (migration 0002) announces each change to
// the tasks on the channel refbot_changes after its commit, to every instance listening. Users are
// not announced (migration 0005): they are read on every request instead (keepsUsers). A
// notification sent while the listening connection was down is lost, so each time the client
// listens again (after the first), the tasks are treated as changed. The feed is handed out once
// the server has acknowledged the LISTEN: a change committed before that would never be heard,
// and the tasks read meanwhile would be kept until the next change.
import type { SQL } from "bun";
import type { ChangeFeed } from "@/domain/store.ts";

export const changeChannel = "refbot_changes";

export async function pgChanges(client: SQL): Promise<ChangeFeed & { close(): Promise<void> }> {
  const taskListeners: (() => void)[] = [];
  // Tasks are the only thing announced ("tasks"); any notice, or listening again, drops them.
  const tasksChanged = () => taskListeners.forEach((l) => l());
  let listens = 0;
  const subscription = await client.listen(changeChannel, tasksChanged, () => {
    if (listens++ > 0) tasksChanged();
  });
  return {
    keepsUsers: false,
    // Users are not kept here (keepsUsers), so nobody listens for them.
    onUsers: () => {},
    onTasks: (listener) => void taskListeners.push(listener),
    poll: () => {},
    // Reads outside a transaction see only committed rows.
    settled: () => true,
    close: () => subscription.unlisten(),
  };
}
