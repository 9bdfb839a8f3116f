// Task statements on PostgreSQL.
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { taskCompletionCounts, taskCompletions, taskOpens, tasks, users } from "@/db/pg/schema/index.ts";
import type { TaskStatements } from "@/domain/statements/tasks.ts";
import { awaiting } from "@/domain/store.ts";
import { randomSlot } from "./counters.ts";
import type { PgRunner } from "./runner.ts";

/** A task's columns, its completion count being the column plus what the slots counted since. */
export const taskWithCount = {
  ...getTableColumns(tasks),
  completionCount: sql<number>`(${tasks.completionCount} + coalesce((select sum(c.completions) from ${taskCompletionCounts} c where c.task_id = ${tasks.id}), 0))::int8`.mapWith(Number),
};

export function taskStatements(db: PgRunner): TaskStatements {
  const one = <T>(rows: T[]) => rows[0];
  return {
    *byId(id) {
      return one(yield* awaiting(db.select(taskWithCount).from(tasks).where(eq(tasks.id, id))));
    },
    *all() {
      return yield* awaiting(db.select(taskWithCount).from(tasks).orderBy(asc(tasks.id)));
    },
    *active() {
      return yield* awaiting(db.select(taskWithCount).from(tasks).where(eq(tasks.isActive, true)).orderBy(asc(tasks.id)));
    },
    *insert(task) {
      return one(yield* awaiting(db.insert(tasks).values(task).returning()))!;
    },
    *update(id, set) {
      const updated = one(yield* awaiting(db.update(tasks).set(set).where(eq(tasks.id, id)).returning({ id: tasks.id })));
      // Read again for the completion count the slots add.
      return updated && one(yield* awaiting(db.select(taskWithCount).from(tasks).where(eq(tasks.id, id))));
    },
    *completedIn(userId, taskId, period) {
      const rows = yield* awaiting(
        db
          .select({ id: taskCompletions.id })
          .from(taskCompletions)
          .where(and(eq(taskCompletions.userId, userId), eq(taskCompletions.taskId, taskId), eq(taskCompletions.day, period))),
      );
      return rows.length > 0;
    },
    *progress(userId, today, withOpens) {
      const done = yield* awaiting(
        db
          .select({ taskId: taskCompletions.taskId, day: taskCompletions.day })
          .from(taskCompletions)
          .where(and(eq(taskCompletions.userId, userId), inArray(taskCompletions.day, [today, "once"]))),
      );
      const opened = withOpens
        ? yield* awaiting(
            db
              .select({ taskId: taskOpens.taskId, period: taskOpens.period, openedAt: taskOpens.openedAt })
              .from(taskOpens)
              .where(and(eq(taskOpens.userId, userId), inArray(taskOpens.period, [today, "once"]))),
          )
        : [];
      return { done, opened };
    },
    *openedAt(userId, taskId, period) {
      const row = one(
        yield* awaiting(
          db
            .select({ openedAt: taskOpens.openedAt })
            .from(taskOpens)
            .where(and(eq(taskOpens.userId, userId), eq(taskOpens.taskId, taskId), eq(taskOpens.period, period))),
        ),
      );
      return row?.openedAt;
    },
    *recordOpen(userId, taskId, period, at) {
      const inserted = one(yield* awaiting(db.insert(taskOpens).values({ userId, taskId, period, openedAt: at }).onConflictDoNothing().returning({ openedAt: taskOpens.openedAt })));
      if (inserted) return { openedAt: inserted.openedAt, first: true };
      const kept = one(
        yield* awaiting(
          db
            .select({ openedAt: taskOpens.openedAt })
            .from(taskOpens)
            .where(and(eq(taskOpens.userId, userId), eq(taskOpens.taskId, taskId), eq(taskOpens.period, period))),
        ),
      )!;
      return { openedAt: kept.openedAt, first: false };
    },
    *touchUser(userId, at) {
      yield* awaiting(db.update(users).set({ lastActivityAt: at }).where(eq(users.id, userId)));
    },
    *insertCompletion(c) {
      const row = one(
        yield* awaiting(
          db
            .insert(taskCompletions)
            .values({ taskId: c.taskId, userId: c.userId, day: c.day, reward: c.reward, createdAt: c.at })
            .onConflictDoNothing()
            .returning({ id: taskCompletions.id }),
        ),
      );
      return row?.id;
    },
    *beforeCompletion(userId) {
      return one(yield* awaiting(db.select({ lastActiveDay: users.lastActiveDay, channelJoined: users.channelJoined }).from(users).where(eq(users.id, userId))))!;
    },
    *applyCompletion(c) {
      const daily = c.isDaily ? 1 : 0;
      return one(
        yield* awaiting(
          db
            .update(users)
            .set({
              tasksCompleted: sql`${users.tasksCompleted} + 1`,
              lastActivityAt: c.at,
              lastActiveDay: c.today,
              dailyTasksCompleted: sql`${users.dailyTasksCompleted} + ${daily}`,
              currentStreak: c.isDaily ? sql`case when ${users.lastDailyDay} = ${c.yesterday} then ${users.currentStreak} + 1 else 1 end` : sql`${users.currentStreak}`,
              lastDailyDay: c.isDaily ? c.today : sql`${users.lastDailyDay}`,
              channelJoined: sql`${users.channelJoined} or ${c.isChannel}`,
            })
            .where(eq(users.id, c.userId))
            .returning({ channelJoined: users.channelJoined, dailyTasksCompleted: users.dailyTasksCompleted }),
        ),
      )!;
    },
    *countCompletion(taskId) {
      yield* awaiting(
        db
          .insert(taskCompletionCounts)
          .values({ taskId, slot: randomSlot(), completions: 1 })
          .onConflictDoUpdate({ target: [taskCompletionCounts.taskId, taskCompletionCounts.slot], set: { completions: sql`${taskCompletionCounts.completions} + 1` } }),
      );
    },
    *afterCompletion(userId) {
      return one(
        yield* awaiting(db.select({ balance: users.balance, currentStreak: users.currentStreak, lastDailyDay: users.lastDailyDay }).from(users).where(eq(users.id, userId))),
      )!;
    },
  };
}
