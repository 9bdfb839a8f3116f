// Task statements on SQLite. A completion is the busiest write of the product: its statements are
// plain SQL compiled once per connection.
import type { Db } from "@/db/client.ts";
import { and, asc, eq } from "@/db/ops.ts";
import { rowReader } from "@/db/row-reader.ts";
import { taskCompletions, taskOpens, tasks, users } from "@/db/schema/index.ts";
import type { CompletedFigures, TaskStatements } from "@/domain/statements/tasks.ts";
import { ledgerStatements } from "./ledger.ts";

const taskRow = rowReader(tasks);

export function taskStatements(db: Db): TaskStatements {
  const conn = db.$client;
  const statements: TaskStatements = {
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
    *insertCompletion(c) {
      return conn
        .query<{ id: number }, [number, number, string, number, number]>(
          "insert into task_completions (task_id, user_id, day, reward, created_at) values (?, ?, ?, ?, ?) on conflict do nothing returning id",
        )
        .get(c.taskId, c.userId, c.day, c.reward, c.at.getTime())?.id;
    },
    *beforeCompletion(userId) {
      const row = conn
        .query<{ lastActiveDay: string | null; channelJoined: number }, [number]>("select last_active_day as lastActiveDay, channel_joined as channelJoined from users where id = ?")
        .get(userId)!;
      return { lastActiveDay: row.lastActiveDay, channelJoined: row.channelJoined === 1 };
    },
    *applyCompletion(c) {
      const row = conn
        .query<Omit<CompletedFigures, "channelJoined" | "referralPending"> & { channelJoined: number; referralPending: number }, [number, string, string, number, number, number]>(
          `update users set
             tasks_completed = tasks_completed + 1,
             last_activity_at = ?1,
             last_active_day = ?2,
             daily_tasks_completed = daily_tasks_completed + ?4,
             current_streak = case when ?4 = 0 then current_streak when last_daily_day = ?3 then current_streak + 1 else 1 end,
             last_daily_day = case when ?4 = 0 then last_daily_day else ?2 end,
             channel_joined = channel_joined or ?5
           where id = ?6 and is_banned = 0
           returning channel_joined as channelJoined, daily_tasks_completed as dailyTasksCompleted,
             balance, current_streak as currentStreak, last_daily_day as lastDailyDay,
             exists (select 1 from referrals r where r.referred_id = users.id and r.qualified_at is null) as referralPending`,
        )
        .get(c.at.getTime(), c.today, c.yesterday, c.isDaily ? 1 : 0, c.isChannel ? 1 : 0, c.userId);
      return row ? { ...row, channelJoined: row.channelJoined === 1, referralPending: row.referralPending === 1 } : undefined;
    },
    // The statements one by one: on SQLite they cost no round trip.
    *insertPaidCompletion(completion, c, credit, entry) {
      const completionId = yield* statements.insertCompletion(completion);
      if (completionId === undefined) return "done already";
      const ledger = ledgerStatements(conn);
      const before = yield* statements.beforeCompletion(c.userId);
      if (!(yield* ledger.addToBalance(credit))) return undefined;
      yield* ledger.insertEntry({ ...entry, refId: completionId });
      // The credit refused a banned user already (its unlessBanned), so the figures are written.
      return { completionId, before, updated: (yield* statements.applyCompletion(c))! };
    },
    *countCompletion(taskId) {
      conn.query("update tasks set completion_count = completion_count + 1 where id = ?").run(taskId);
    },
  };
  return statements;
}
