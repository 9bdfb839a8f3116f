// Task statements on PostgreSQL. A completion is the busiest write of the product: its statements,
// and the task lookup before it, are plain SQL (runner.ts).
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { rowReader } from "@/db/row-reader.ts";
import { taskCompletionCounts, taskCompletions, taskOpens, tasks, users } from "@/db/pg/schema/index.ts";
import type { LedgerRow } from "@/domain/statements/ledger.ts";
import type { CompletedFigures, CompletionChange, TaskStatements } from "@/domain/statements/tasks.ts";
import { awaiting } from "@/domain/store.ts";
import { bumpTask } from "./counters.ts";
import { creditFits, creditParams, creditSets } from "./ledger.ts";
import { clientOf, int8, type PgRunner } from "./runner.ts";

/** A task's columns, its completion count being the column plus what the slots counted since. */
export const taskWithCount = {
  ...getTableColumns(tasks),
  completionCount: sql<number>`(${tasks.completionCount} + coalesce((select sum(c.completions) from ${taskCompletionCounts} c where c.task_id = ${tasks.id}), 0))::int8`.mapWith(Number),
};

/**
 * What a completion changes on the user's row `u`, its parameters from $`p`: the time, today,
 * yesterday, whether the task is daily (1 or 0), whether it is the channel task.
 */
const completionSets = (p: number) => `tasks_completed = u.tasks_completed + 1, last_activity_at = $${p}, last_active_day = $${p + 1},
  daily_tasks_completed = u.daily_tasks_completed + $${p + 3},
  current_streak = case when $${p + 3} = 0 then u.current_streak when u.last_daily_day = $${p + 2} then u.current_streak + 1 else 1 end,
  last_daily_day = case when $${p + 3} = 0 then u.last_daily_day else $${p + 1} end,
  channel_joined = u.channel_joined or $${p + 4}`;
const completionParams = (c: CompletionChange) => [c.at, c.today, c.yesterday, c.isDaily ? 1 : 0, c.isChannel];

/** The figures a completion answers with (CompletedFigures), from the user's row `u` as updated. */
const figures = "u.channel_joined, u.daily_tasks_completed, u.balance, u.current_streak, u.last_daily_day";
const figuresOf = (row: Record<string, unknown>): CompletedFigures => ({
  channelJoined: row.channel_joined as boolean,
  dailyTasksCompleted: row.daily_tasks_completed as number,
  balance: int8(row.balance),
  currentStreak: row.current_streak as number,
  lastDailyDay: row.last_daily_day as string | null,
});

const applyCompletion = `update users u set ${completionSets(2)} where u.id = $1 returning ${figures}`;

/**
 * The completion and its credit in one statement: one update of the user's row, which fires the
 * rank-count trigger once and leaves one new version of the row instead of two, and the ledger
 * row, written only when the update was. The row is locked first, so the figures answered as
 * before it are exactly those the update started from; with the lock an update takes (FOR NO
 * KEY UPDATE), not FOR UPDATE, which would wait for the key-share lock that another completion of
 * the same user took inserting its completion row, and deadlock with it.
 */
const applyPaid = (earning: boolean) => {
  const entry = earning ? 10 : 9;
  return `with u as (
      update users u set ${completionSets(2)}, ${creditSets(earning, 7)}
      from (select id, last_active_day, channel_joined from users where id = $1 for no key update) o
      where u.id = o.id and ${creditFits(earning, 7, earning ? 9 : 8)}
      returning o.last_active_day as was_active_day, o.channel_joined as was_joined, ${figures}),
    entry as (
      insert into ledger (user_id, type, reason, amount, ref_id, note, created_at)
      select ${["int4", "text", "text", "int8", "int8", "text", "timestamptz"].map((type, i) => `$${entry + i}::${type}`).join(", ")} from u)
    select * from u`;
};
const applyPaidEarning = applyPaid(true);
const applyPaidOther = applyPaid(false);
const entryParams = (e: LedgerRow) => [e.userId, e.type, e.reason, e.amount, e.refId, e.note, e.at];

const taskRow = rowReader(tasks);
const taskById = `select ${taskRow
  .select("t")
  .replace(`t."completion_count"`, "(t.completion_count + coalesce((select sum(c.completions) from task_completion_counts c where c.task_id = t.id), 0))::int8")} from tasks t where t.id = $1`;

export function taskStatements(db: PgRunner): TaskStatements {
  const one = <T>(rows: T[]) => rows[0];
  const plain = clientOf(db);
  return {
    *byId(id) {
      return taskRow.read((yield* awaiting(plain.unsafe(taskById, [id]).values()))[0]);
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
      const [row] = yield* awaiting(
        plain`insert into task_completions (task_id, user_id, day, reward, created_at) values (${c.taskId}, ${c.userId}, ${c.day}, ${c.reward}, ${c.at})
          on conflict (user_id, task_id, day) do nothing returning id`,
      );
      return row && int8(row.id);
    },
    *beforeCompletion(userId) {
      const [row] = yield* awaiting(plain`select last_active_day, channel_joined from users where id = ${userId}`);
      return { lastActiveDay: row.last_active_day, channelJoined: row.channel_joined };
    },
    *applyCompletion(c) {
      const [row] = yield* awaiting(plain.unsafe(applyCompletion, [c.userId, ...completionParams(c)]));
      return figuresOf(row);
    },
    *applyPaidCompletion(c, credit, entry) {
      const params = [c.userId, ...completionParams(c), ...creditParams(credit.amount, credit.earning, credit.day, credit.limit), ...entryParams(entry)];
      const [row] = yield* awaiting(plain.unsafe(credit.earning ? applyPaidEarning : applyPaidOther, params));
      return (
        row && {
          before: { lastActiveDay: row.was_active_day, channelJoined: row.was_joined },
          updated: figuresOf(row),
        }
      );
    },
    *countCompletion(taskId) {
      yield* bumpTask(db, taskId);
    },
  };
}
