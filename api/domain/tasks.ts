// Tasks and their completion. A completion is one insert guarded by a unique index, so a repeat
// or a concurrent second call pays nothing.
import { and, asc, eq, inArray, sql } from "../../db/ops.ts";
import { taskCompletions, tasks, users, type LedgerReason, type Task, type TaskKind, type User } from "../../db/schema/index.ts";
import { prepared } from "../../db/prepared.ts";
import { inTransaction, type Deps } from "./context.ts";
import { bumpCounter, bumpDaily } from "./counters.ts";
import { AppError, notFound } from "./errors.ts";
import { credit } from "./ledger.ts";
import { qualifyIfDue } from "./referrals.ts";
import { addDays, utcDay } from "./time.ts";

const rewardReason: Record<TaskKind, LedgerReason> = {
  daily_activity: "daily_task",
  follow_channel: "follow_channel",
  custom: "custom_task",
};

/** The completion period: the UTC day for daily tasks, a single period for the rest. */
function periodOf(kind: TaskKind, today: string): string {
  return kind === "daily_activity" ? today : "once";
}

export function getTask(deps: Deps, id: number): Task {
  const task = deps.db.select().from(tasks).where(eq(tasks.id, id)).get();
  if (!task) throw notFound(`Task ${id}`);
  return task;
}

export function listTasks(deps: Deps): Task[] {
  return deps.db.select().from(tasks).orderBy(asc(tasks.id)).all();
}

export type TaskInput = Pick<Task, "kind" | "title" | "description" | "reward" | "isActive">;

export function createTask(deps: Deps, input: TaskInput): Task {
  return deps.db.insert(tasks).values({ ...input, createdAt: deps.clock() }).returning().get();
}

export function updateTask(deps: Deps, id: number, patch: Partial<TaskInput>): Task {
  const task = deps.db.update(tasks).set(patch).where(eq(tasks.id, id)).returning().get();
  if (!task) throw notFound(`Task ${id}`);
  return task;
}

/** Active tasks with the user's completion flags. */
export function activeTasksFor(deps: Deps, userId: number) {
  const today = utcDay(deps.clock());
  const active = prepared(deps.db, "activeTasks", (db) => db.select().from(tasks).where(eq(tasks.isActive, true)).orderBy(asc(tasks.id)).prepare()).all();
  const done = prepared(deps.db, "userCompletions", (db) =>
    db
      .select({ taskId: taskCompletions.taskId, day: taskCompletions.day })
      .from(taskCompletions)
      .where(and(eq(taskCompletions.userId, sql.placeholder("userId")), inArray(taskCompletions.day, [sql.placeholder("today"), "once"])))
      .prepare(),
  ).all({ userId, today });
  const doneKeys = new Set(done.map((d) => `${d.taskId}:${d.day}`));
  return active.map((task) => {
    const completed = doneKeys.has(`${task.id}:${periodOf(task.kind, today)}`);
    return { task, isCompleted: completed, completedToday: completed && task.kind === "daily_activity" };
  });
}

export async function completeTask(deps: Deps, user: User, taskId: number) {
  if (user.isBanned) throw new AppError("USER_BANNED", "Your account is suspended");
  const task = getTask(deps, taskId);
  if (!task.isActive) throw new AppError("TASK_INACTIVE", "This task is not available");
  const today = utcDay(deps.clock());
  const day = periodOf(task.kind, today);
  const alreadyDone = () =>
    new AppError("ALREADY_COMPLETED", task.kind === "daily_activity" ? "Task already completed today" : "Task already completed");

  if (task.kind === "follow_channel") {
    // Ask Telegram only when it can matter; the unique index below still decides.
    const done = deps.db
      .select({ id: taskCompletions.id })
      .from(taskCompletions)
      .where(and(eq(taskCompletions.userId, user.id), eq(taskCompletions.taskId, task.id), eq(taskCompletions.day, day)))
      .get();
    if (done) throw alreadyDone();
    if (!(await deps.membership.isMember(user.tgId))) {
      throw new AppError("NOT_CHANNEL_MEMBER", "Join the channel first, then press Verify Membership again");
    }
  }

  const now = deps.clock();
  const { result, notices } = inTransaction(deps.db, (tx) => {
    const inserted = tx
      .insert(taskCompletions)
      .values({ taskId: task.id, userId: user.id, day, reward: task.reward, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: taskCompletions.id })
      .get();
    if (!inserted) throw alreadyDone();

    const before = tx.select().from(users).where(eq(users.id, user.id)).get()!;
    const isDaily = task.kind === "daily_activity";
    const streak = isDaily ? (before.lastDailyDay === addDays(today, -1) ? before.currentStreak + 1 : 1) : undefined;
    const updated = tx
      .update(users)
      .set({
        tasksCompleted: sql`${users.tasksCompleted} + 1`,
        lastActivityAt: now,
        lastActiveDay: today,
        ...(isDaily && {
          dailyTasksCompleted: sql`${users.dailyTasksCompleted} + 1`,
          currentStreak: streak,
          lastDailyDay: today,
        }),
        ...(task.kind === "follow_channel" && { channelJoined: true }),
      })
      .where(eq(users.id, user.id))
      .returning()
      .get()!;

    if (task.reward > 0) {
      credit(tx, { userId: user.id, amount: task.reward, reason: rewardReason[task.kind], refId: inserted.id, at: now });
    }
    tx.update(tasks).set({ completionCount: sql`${tasks.completionCount} + 1` }).where(eq(tasks.id, task.id)).run();
    bumpDaily(tx, today, "completions");
    if (before.lastActiveDay !== today) bumpDaily(tx, today, "activeUsers");
    if (task.kind === "follow_channel" && !before.channelJoined) bumpCounter(tx, "verified_joins");

    const notices = qualifyIfDue(tx, updated, now);
    const after = tx.select({ balance: users.balance, currentStreak: users.currentStreak, lastDailyDay: users.lastDailyDay }).from(users).where(eq(users.id, user.id)).get()!;
    return { result: { task, reward: task.reward, ...after }, notices };
  });
  for (const notice of notices) deps.notifier.notify(notice);
  return result;
}
