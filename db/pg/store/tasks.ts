// Task statements on PostgreSQL. A completion, the busiest write of the product, is the ledger's to
// write (ledger.ts), with what completionSets says it changes on the user's row; the task lookup
// before it and the task list are plain SQL (runner.ts), merged across the requests of a moment.
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { rowReader } from "@/db/row-reader.ts";
import { taskCompletionCounts, taskCompletions, taskOpens, tasks, users } from "@/db/pg/schema/index.ts";
import type { CompletedFigures, TaskStatements, UserTaskProgress } from "@/domain/statements/tasks.ts";
import { awaiting } from "@/domain/store.ts";
import { bumpTask } from "./counters.ts";
import { merged, mergedLookup } from "./merge.ts";
import { clientOf, int8, type PgRunner } from "./runner.ts";

/** A task's columns, its completion count being the column plus what the slots counted since. */
export const taskWithCount = {
  ...getTableColumns(tasks),
  completionCount: sql<number>`(${tasks.completionCount} + coalesce((select sum(c.completions) from ${taskCompletionCounts} c where c.task_id = ${tasks.id}), 0))::int8`.mapWith(Number),
};

/**
 * What a completion changes on the user's row `u`, given the SQL of: the time, today, yesterday,
 * whether the task is daily (1 or 0), whether it is the channel task. The ledger writes it with the
 * reward's credit, in one update of the row (ledger.ts: creditCompletion).
 */
type CompletionValues = { at: string; today: string; yesterday: string; daily: string; channel: string };
export const completionSets = (v: CompletionValues) => `tasks_completed = u.tasks_completed + 1, last_activity_at = ${v.at}, last_active_day = ${v.today},
  daily_tasks_completed = u.daily_tasks_completed + ${v.daily},
  current_streak = case when ${v.daily} = 0 then u.current_streak when u.last_daily_day = ${v.yesterday} then u.current_streak + 1 else 1 end,
  last_daily_day = case when ${v.daily} = 0 then u.last_daily_day else ${v.today} end,
  channel_joined = u.channel_joined or ${v.channel}`;

/** The figures a completion answers with (CompletedFigures), from the user's row `u` as updated. */
export const completedFigures = `u.channel_joined, u.daily_tasks_completed, u.balance, u.current_streak, u.last_daily_day,
  exists (select 1 from referrals r where r.referred_id = u.id and r.qualified_at is null) as referral_pending`;
export const figuresOf = (row: Record<string, unknown>): CompletedFigures => ({
  channelJoined: row.channel_joined as boolean,
  dailyTasksCompleted: row.daily_tasks_completed as number,
  referralPending: row.referral_pending as boolean,
  balance: int8(row.balance),
  currentStreak: row.current_streak as number,
  lastDailyDay: row.last_daily_day as string | null,
});

/**
 * Users' completions (for all in $1) and link opens (for those in $3) in today's period ($2) and
 * the "once" period, as the task list shows them.
 */
const userProgress = `select 'done' as kind, c.user_id, c.task_id, c.day as period, null::timestamptz as opened_at
    from task_completions c where c.user_id = any($1::int4[]) and c.day in ($2, 'once')
  union all
  select 'opened', o.user_id, o.task_id, o.period, o.opened_at
    from task_opens o where o.user_id = any($3::int4[]) and o.period in ($2, 'once')`;
type ProgressAsk = { userId: number; today: string; withOpens: boolean };
type ProgressRow = { kind: "done" | "opened"; user_id: number; task_id: number; period: string; opened_at: Date | null };
const progressFrom = (rows: ProgressRow[], ask: ProgressAsk): UserTaskProgress => {
  const mine = rows.filter((r) => r.user_id === ask.userId);
  return {
    done: mine.filter((r) => r.kind === "done").map((r) => ({ taskId: r.task_id, day: r.period })),
    opened: mine.filter((r) => r.kind === "opened").map((r) => ({ taskId: r.task_id, period: r.period, openedAt: r.opened_at! })),
  };
};

const taskRow = rowReader(tasks);
/** Every completion looks its task up, unless the instance holds it (domain/tasks.ts): merged (merge.ts). */
const tasksById = `select ${taskRow
  .select("t")
  .replace(`t."completion_count"`, "(t.completion_count + coalesce((select sum(c.completions) from task_completion_counts c where c.task_id = t.id), 0))::int8")} from tasks t where t.id = any($1::int4[])`;

export function taskStatements(db: PgRunner): TaskStatements {
  const firstRow = <T>(rows: T[]) => rows[0];
  // The pool's own client, for the statements written as plain SQL (prepared once per connection).
  const sqlClient = clientOf(db);
  // The task lists asked for at once: one statement per day asked about (almost always one).
  const progressOf = merged(async (asks: ProgressAsk[]) => {
    const rows = new Map<string, ProgressRow[]>();
    const byDay = new Map<string, ProgressAsk[]>();
    for (const ask of asks) byDay.set(ask.today, [...(byDay.get(ask.today) ?? []), ask]);
    await Promise.all(
      [...byDay].map(async ([today, ofDay]) => {
        const withOpens = ofDay.filter((ask) => ask.withOpens).map((ask) => ask.userId);
        rows.set(today, await sqlClient.unsafe(userProgress, [ofDay.map((ask) => ask.userId), today, withOpens]));
      }),
    );
    return asks.map((ask) => progressFrom(rows.get(ask.today)!, ask));
  });
  const taskById = mergedLookup(
    async (ids: number[]) => ((await sqlClient.unsafe(tasksById, [ids]).values()) as unknown[][]).map((values) => taskRow.read(values)!),
    (task) => task.id,
  );
  return {
    *byId(id) {
      return yield* awaiting(taskById(id));
    },
    *all() {
      return yield* awaiting(db.select(taskWithCount).from(tasks).orderBy(asc(tasks.id)));
    },
    *active() {
      return yield* awaiting(db.select(taskWithCount).from(tasks).where(eq(tasks.isActive, true)).orderBy(asc(tasks.id)));
    },
    *insert(task) {
      return firstRow(yield* awaiting(db.insert(tasks).values(task).returning()))!;
    },
    *update(id, set) {
      const updated = firstRow(yield* awaiting(db.update(tasks).set(set).where(eq(tasks.id, id)).returning({ id: tasks.id })));
      // Read again for the completion count the slots add.
      return updated && firstRow(yield* awaiting(db.select(taskWithCount).from(tasks).where(eq(tasks.id, id))));
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
      return yield* awaiting(progressOf({ userId, today, withOpens }));
    },
    *openedAt(userId, taskId, period) {
      const row = firstRow(
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
      const inserted = firstRow(yield* awaiting(db.insert(taskOpens).values({ userId, taskId, period, openedAt: at }).onConflictDoNothing().returning({ openedAt: taskOpens.openedAt })));
      if (inserted) return { openedAt: inserted.openedAt, first: true };
      const kept = firstRow(
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
    *countCompletion(taskId) {
      yield* bumpTask(db, taskId);
    },
  };
}
