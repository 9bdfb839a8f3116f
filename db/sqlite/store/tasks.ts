// Task statements on SQLite, plain SQL compiled once per connection where a request runs them. A
// completion, the busiest write of the product, is the ledger's to write (ledger.ts), with what
// completionSets says it changes on the user's row.
import type { Db } from "@/db/sqlite/client.ts";
import { and, asc, eq } from "@/db/ops.ts";
import { rowReader } from "@/db/row-reader.ts";
import { unheard } from "@/db/sqlite/row-changes.ts";
import { taskCompletions, taskOpens, tasks, users } from "@/db/sqlite/schema/index.ts";
import type { CompletedFigures, TaskStatements } from "@/domain/statements/tasks.ts";

const taskRow = rowReader(tasks);

/**
 * What a completion changes on the user's row, given the SQL of: the time, today, yesterday,
 * whether the task is daily (1 or 0), whether it is the channel task (1 or 0). The ledger writes it
 * with the reward's credit, in one update of the row (ledger.ts: creditCompletion).
 */
export const completionSets = (v: { at: string; today: string; yesterday: string; daily: string; channel: string }) => `tasks_completed = tasks_completed + 1,
  last_activity_at = ${v.at},
  last_active_day = ${v.today},
  daily_tasks_completed = daily_tasks_completed + ${v.daily},
  current_streak = case when ${v.daily} = 0 then current_streak when last_daily_day = ${v.yesterday} then current_streak + 1 else 1 end,
  last_daily_day = case when ${v.daily} = 0 then last_daily_day else ${v.today} end,
  channel_joined = channel_joined or ${v.channel}`;

/** The figures a completion answers with (CompletedFigures), returned by the update of the user's row. */
export const completedFigures = `channel_joined as channelJoined, daily_tasks_completed as dailyTasksCompleted,
  balance, current_streak as currentStreak, last_daily_day as lastDailyDay,
  exists (select 1 from referrals r where r.referred_id = users.id and r.qualified_at is null) as referralPending`;

/** The figures as SQLite returns them, its booleans as 0 or 1. */
export type FiguresRow = Omit<CompletedFigures, "channelJoined" | "referralPending"> & { channelJoined: number; referralPending: number };
export const figuresOf = (row: FiguresRow): CompletedFigures => ({ ...row, channelJoined: row.channelJoined === 1, referralPending: row.referralPending === 1 });

export function taskStatements(db: Db): TaskStatements {
  const conn = db.$client;
  return {
    *byId(id) {
      return taskRow.read(conn.query<unknown[], [number]>(`select ${taskRow.select()} from tasks where id = ?`).values(id)[0]);
    },
    *all() {
      return db.select().from(tasks).orderBy(asc(tasks.id)).all();
    },
    *active() {
      return db.select().from(tasks).where(eq(tasks.isActive, true)).orderBy(asc(tasks.id)).all();
    },
    *insert(task) {
      return db.insert(tasks).values(task).returning().get();
    },
    *update(id, set) {
      return db.update(tasks).set(set).where(eq(tasks.id, id)).returning().get();
    },
    *completedIn(userId, taskId, period) {
      return Boolean(
        db
          .select({ id: taskCompletions.id })
          .from(taskCompletions)
          .where(and(eq(taskCompletions.userId, userId), eq(taskCompletions.taskId, taskId), eq(taskCompletions.day, period)))
          .get(),
      );
    },
    *progress(userId, today, withOpens) {
      const done = conn
        .query<{ taskId: number; day: string }, [number, string]>("select task_id as taskId, day from task_completions where user_id = ? and day in (?, 'once')")
        .all(userId, today);
      const opened = withOpens
        ? conn
            .query<{ taskId: number; period: string; openedAt: number }, [number, string]>(
              "select task_id as taskId, period, opened_at as openedAt from task_opens where user_id = ? and period in (?, 'once')",
            )
            .all(userId, today)
            .map((o) => ({ ...o, openedAt: new Date(o.openedAt) }))
        : [];
      return { done, opened };
    },
    *openedAt(userId, taskId, period) {
      const row = conn
        .query<{ openedAt: number }, [number, number, string]>("select opened_at as openedAt from task_opens where user_id = ? and task_id = ? and period = ?")
        .get(userId, taskId, period);
      return row ? new Date(row.openedAt) : undefined;
    },
    *recordOpen(userId, taskId, period, at) {
      const inserted = db.insert(taskOpens).values({ userId, taskId, period, openedAt: at }).onConflictDoNothing().returning({ openedAt: taskOpens.openedAt }).get();
      if (inserted) return { openedAt: inserted.openedAt, first: true };
      const kept = db
        .select({ openedAt: taskOpens.openedAt })
        .from(taskOpens)
        .where(and(eq(taskOpens.userId, userId), eq(taskOpens.taskId, taskId), eq(taskOpens.period, period)))
        .get()!;
      return { openedAt: kept.openedAt, first: false };
    },
    *touchUser(userId, at) {
      db.update(users).set({ lastActivityAt: at }).where(eq(users.id, userId)).run();
    },
    *countCompletion(taskId) {
      unheard(db, () => conn.query("update tasks set completion_count = completion_count + 1 where id = ?").run(taskId));
    },
  };
}
