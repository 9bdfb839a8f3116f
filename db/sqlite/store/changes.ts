// SQLite's change feed (domain/store.ts): the update hook names every row this connection writes,
// triggers included; data_version tells of other processes' commits, without saying what.
import type { Db } from "@/db/sqlite/client.ts";
import type { ChangeFeed } from "@/domain/store.ts";
import { commitsElsewhere, onRowChange } from "../row-changes.ts";

export function sqliteChanges(db: Db): ChangeFeed {
  const userListeners: ((id: number | undefined) => void)[] = [];
  const taskListeners: (() => void)[] = [];
  let version = -1;
  const elsewhere = commitsElsewhere(db);
  onRowChange(db, "users", (id) => userListeners.forEach((l) => l(id)));
  onRowChange(db, "tasks", () => taskListeners.forEach((l) => l()));
  return {
    keepsUsers: true,
    onUsers: (listener) => void userListeners.push(listener),
    onTasks: (listener) => void taskListeners.push(listener),
    poll() {
      const now = elsewhere();
      if (now === version) return;
      version = now;
      userListeners.forEach((l) => l(undefined));
      taskListeners.forEach((l) => l());
    },
    settled: () => !db.$client.inTransaction,
  };
}
