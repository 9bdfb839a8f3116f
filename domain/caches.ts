// What a process keeps in memory between requests, made once per store where the dependencies are
// built (domain/base-deps.ts, the test harness) and handed to the rules as deps.caches. Never module
// state: two apps in one process, or a test's fresh database, never share what they kept, and
// every cache is dropped with the dependencies that hold it.
import type { Store } from "./store.ts";
import { seenClients, type SeenClients } from "./risk.ts";
import { activeTaskCache, type ActiveTaskCache } from "./tasks.ts";
import { userCache, type UserCache } from "./users.ts";

export type Caches = {
  /** The active tasks (tasks.ts), dropped on every change to the tasks the store reports. */
  tasks: ActiveTaskCache;
  /** Signed-in users and figures kept with them (users.ts), dropped as their rows are written. */
  users: UserCache;
  /** The clients each user was seen on, so a sighting is recorded once (risk.ts). */
  seenClients: SeenClients;
};

/** Fresh caches for `store`, listening to its change feed from now on. */
export function makeCaches(store: Store): Caches {
  return { tasks: activeTaskCache(store), users: userCache(store), seenClients: seenClients() };
}
