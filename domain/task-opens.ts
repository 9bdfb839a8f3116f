// When a user opened a link task's link, and how long until its reward can be claimed. The first
// open of a period is kept, so opening again never moves the claim further away.
import type { Task } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError } from "./errors.ts";

export type LinkProgress = { openedAt: Date; claimableAt: Date; secondsLeft: number };

export function linkProgress(task: Pick<Task, "waitSeconds">, openedAt: Date, now: Date): LinkProgress {
  const claimableAt = new Date(openedAt.getTime() + task.waitSeconds * 1000);
  return { openedAt, claimableAt, secondsLeft: Math.max(0, Math.ceil((claimableAt.getTime() - now.getTime()) / 1000)) };
}

/** Records an open at `now` unless the period already has one; answers the open that counts. */
export function recordOpen(deps: Pick<Deps, "store">, userId: number, taskId: number, period: string, now: Date): Promise<Date> {
  return deps.store.transaction(function* (db) {
    const open = yield* db.tasks.recordOpen(userId, taskId, period, now);
    // The user's task list is kept with their row (activeTasksFor, derivedForUser), and a write
    // to the row is what drops it; opening a link is activity anyway.
    if (open.first) yield* db.tasks.touchUser(userId, now);
    return open.openedAt;
  });
}

/** Why a link task cannot be claimed yet: never opened (no progress), or its wait still running. */
export function notClaimable(progress: LinkProgress | undefined): AppError {
  if (!progress) return new AppError("TASK_NOT_OPENED", "Open the link first, then claim the reward");
  const { secondsLeft } = progress;
  return new AppError("TASK_WAIT", `Wait ${secondsLeft} more ${secondsLeft === 1 ? "second" : "seconds"}, then claim the reward`, { secondsLeft });
}
