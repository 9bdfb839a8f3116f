// When a user opened a link task's link, and how long until its reward can be claimed. The first
// open of a period is kept, so opening again never moves the claim further away.
import { and, eq } from "@/db/ops.ts";
import { taskOpens, users, type Task } from "@/db/schema/index.ts";
import { inTransaction, type Deps } from "./context.ts";
import { AppError } from "./errors.ts";

export type LinkProgress = { openedAt: Date; claimableAt: Date; secondsLeft: number };

export function linkProgress(task: Pick<Task, "waitSeconds">, openedAt: Date, now: Date): LinkProgress {
  const claimableAt = new Date(openedAt.getTime() + task.waitSeconds * 1000);
  return { openedAt, claimableAt, secondsLeft: Math.max(0, Math.ceil((claimableAt.getTime() - now.getTime()) / 1000)) };
}

/** When the user first opened the task in this period; read on a claim, so plain SQL. */
export function openedAt(deps: Deps, userId: number, taskId: number, period: string): Date | undefined {
  const row = deps.db.$client
    .query<{ openedAt: number }, [number, number, string]>("select opened_at as openedAt from task_opens where user_id = ? and task_id = ? and period = ?")
    .get(userId, taskId, period);
  return row ? new Date(row.openedAt) : undefined;
}

/** Records an open at `now` unless the period already has one; answers the open that counts. */
export function recordOpen(deps: Deps, userId: number, taskId: number, period: string, now: Date): Date {
  return inTransaction(deps.db, (tx) => {
    const inserted = tx.insert(taskOpens).values({ userId, taskId, period, openedAt: now }).onConflictDoNothing().returning({ openedAt: taskOpens.openedAt }).get();
    if (!inserted) {
      return tx
        .select({ openedAt: taskOpens.openedAt })
        .from(taskOpens)
        .where(and(eq(taskOpens.userId, userId), eq(taskOpens.taskId, taskId), eq(taskOpens.period, period)))
        .get()!.openedAt;
    }
    // The user's task list is kept with their row (activeTasksFor, derivedForUser), and a write
    // to the row is what drops it; opening a link is activity anyway.
    tx.update(users).set({ lastActivityAt: now }).where(eq(users.id, userId)).run();
    return inserted.openedAt;
  });
}

/** Why a link task cannot be claimed yet: never opened (no progress), or its wait still running. */
export function notClaimable(progress: LinkProgress | undefined): AppError {
  if (!progress) return new AppError("TASK_NOT_OPENED", "Open the link first, then claim the reward");
  const { secondsLeft } = progress;
  return new AppError("TASK_WAIT", `Wait ${secondsLeft} more ${secondsLeft === 1 ? "second" : "seconds"}, then claim the reward`, { secondsLeft });
}
