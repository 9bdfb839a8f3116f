// The two tasks the spec's product starts with, which the mini app's home screen points at ("Daily
// Task", "Join Channel"): a new production database gets them from `refbot setup`, the demo from
// its seed. Made only where no task exists, so an operator's own choices are never undone.
import type { Task } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { usdt } from "./money.ts";
import { taskCreation, type TaskInput } from "./tasks.ts";

export const starterTasks = {
  daily: { kind: "daily_activity", title: "Daily Check-in", description: "Open the app once a day and claim your reward.", reward: usdt("0.2"), isActive: true },
  channel: { kind: "follow_channel", title: "Join our channel", description: "Join the channel, then press Verify Membership.", reward: usdt("0.5"), isActive: true },
} as const satisfies Record<string, TaskInput>;

/** Creates the starter tasks in one transaction when the database has no task at all; answers those made. */
export function createStarterTasksIfNone(deps: Pick<Deps, "store" | "clock">): Promise<Task[]> {
  const now = deps.clock();
  return deps.store.transaction(function* (db) {
    if ((yield* db.tasks.all()).length > 0) return [];
    const made: Task[] = [];
    for (const input of Object.values(starterTasks)) made.push(yield* taskCreation(input, now)(db));
    return made;
  });
}
