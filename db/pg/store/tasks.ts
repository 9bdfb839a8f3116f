// Task statements on PostgreSQL. A completion is the busiest write of the product: its statements,
// and the task lookup before it, are plain SQL (runner.ts).
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { rowReader } from "@/db/row-reader.ts";
import { taskCompletionCounts, taskCompletions, taskOpens, tasks, users } from "@/db/pg/schema/index.ts";
import type { BalanceChange, LedgerRow } from "@/domain/statements/ledger.ts";
import type { CompletedFigures, CompletionChange, NewCompletion, TaskStatements, UserTaskProgress } from "@/domain/statements/tasks.ts";
import { awaiting } from "@/domain/store.ts";
import { bumpTask } from "./counters.ts";
import { creditFits, creditSets } from "./ledger.ts";
import { merged, mergedLookup, roundsByKey } from "./merge.ts";
import { clientOf, int8, type PgRunner } from "./runner.ts";

/** A task's columns, its completion count being the column plus what the slots counted since. */
export const taskWithCount = {
  ...getTableColumns(tasks),
  completionCount: sql<number>`(${tasks.completionCount} + coalesce((select sum(c.completions) from ${taskCompletionCounts} c where c.task_id = ${tasks.id}), 0))::int8`.mapWith(Number),
};

/**
 * What a completion changes on the user's row `u`, given the SQL of: the time, today, yesterday,
 * whether the task is daily (1 or 0), whether it is the channel task.
 */
type CompletionValues = { at: string; today: string; yesterday: string; daily: string; channel: string };
const completionSets = (v: CompletionValues) => `tasks_completed = u.tasks_completed + 1, last_activity_at = ${v.at}, last_active_day = ${v.today},
  daily_tasks_completed = u.daily_tasks_completed + ${v.daily},
  current_streak = case when ${v.daily} = 0 then u.current_streak when u.last_daily_day = ${v.yesterday} then u.current_streak + 1 else 1 end,
  last_daily_day = case when ${v.daily} = 0 then u.last_daily_day else ${v.today} end,
  channel_joined = u.channel_joined or ${v.channel}`;

/** The figures a completion answers with (CompletedFigures), from the user's row `u` as updated. */
const figures = `u.channel_joined, u.daily_tasks_completed, u.balance, u.current_streak, u.last_daily_day,
  exists (select 1 from referrals r where r.referred_id = u.id and r.qualified_at is null) as referral_pending`;
const figuresOf = (row: Record<string, unknown>): CompletedFigures => ({
  channelJoined: row.channel_joined as boolean,
  dailyTasksCompleted: row.daily_tasks_completed as number,
  referralPending: row.referral_pending as boolean,
  balance: int8(row.balance),
  currentStreak: row.current_streak as number,
  lastDailyDay: row.last_daily_day as string | null,
});

const applyCompletion = `update users u set ${completionSets({ at: "$2", today: "$3", yesterday: "$4", daily: "$5", channel: "$6" })}
  where u.id = $1 and not u.is_banned returning ${figures}`;

/**
 * Paying completions, one per user, in one statement (merge.ts): the completion rows, then, for
 * the rows inserted, one update of each user's row with the credit, which fires the rank-count
 * trigger once and leaves one new version of the row instead of two, and the ledger rows, written
 * only for the rows updated. The rows are locked first, in id order, so the figures answered as
 * before are exactly those the update started from, and two batches never lock two users in
 * opposite orders. With the lock an update takes (FOR NO KEY UPDATE), not FOR UPDATE, which would
 * wait for the key-share lock that another completion of the same user took inserting its
 * completion row, and deadlock with it.
 */
const paidColumns = [
  ["user_id", "int4"],
  ["task_id", "int4"],
  ["c_day", "text"],
  ["reward", "int8"],
  ["c_at", "timestamptz"],
  ["at", "timestamptz"],
  ["today", "text"],
  ["yesterday", "text"],
  ["daily", "int4"],
  ["channel", "bool"],
  ["amount", "int8"],
  ["day", "text"],
  ["lim", "int8"],
  ["unless_banned", "bool"],
  ["e_type", "text"],
  ["e_reason", "text"],
  ["e_amount", "int8"],
  ["e_note", "text"],
  ["e_at", "timestamptz"],
] as const;
const insertPaid = (earning: boolean) => `with p as (
      select * from unnest(${paidColumns.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ")}) as p(${paidColumns.map(([name]) => name).join(", ")})),
    c as (
      insert into task_completions (task_id, user_id, day, reward, created_at)
      select task_id, user_id, c_day, reward, c_at from p
      on conflict (user_id, task_id, day) do nothing returning id, user_id),
    o as (select id, last_active_day, channel_joined from users where id in (select user_id from c) order by id for no key update),
    u as (
      update users u set ${completionSets({ at: "p.at", today: "p.today", yesterday: "p.yesterday", daily: "p.daily", channel: "p.channel" })},
        ${creditSets(earning, { amount: "p.amount", day: "p.day" })}
      from p join o on o.id = p.user_id
      where u.id = p.user_id and ${creditFits(earning, { amount: "p.amount", limit: "p.lim", unlessBanned: "p.unless_banned" })}
      returning u.id as user_id, o.last_active_day as was_active_day, o.channel_joined as was_joined, ${figures}),
    entry as (
      insert into ledger (user_id, type, reason, amount, ref_id, note, created_at)
      select p.user_id, p.e_type, p.e_reason, p.e_amount, c.id, p.e_note, p.e_at from p join c on c.user_id = p.user_id join u on u.user_id = p.user_id)
    select c.id as completion_id, c.user_id as completed_by, u.* from c left join u on u.user_id = c.user_id`;
const insertPaidEarning = insertPaid(true);
const insertPaidOther = insertPaid(false);

type PaidInput = { completion: NewCompletion; c: CompletionChange; credit: BalanceChange; entry: Omit<LedgerRow, "refId"> };
const paidRow = ({ completion: n, c, credit, entry: e }: PaidInput) => [
  n.userId, n.taskId, n.day, n.reward, n.at, c.at, c.today, c.yesterday, c.isDaily ? 1 : 0, c.isChannel, credit.amount, credit.day, credit.limit, credit.unlessBanned,
  e.type, e.reason, e.amount, e.note, e.at,
];
/** Rows as columns: unnest's arrays. */
const columnsOf = (rows: unknown[][]) => rows[0]!.map((_, i) => rows.map((row) => row[i]));

/** The merged completion insert; each input's id is answered to the first input of its (user, task, day). */
const insertCompletions = `insert into task_completions (task_id, user_id, day, reward, created_at)
  select * from unnest($1::int4[], $2::int4[], $3::text[], $4::int8[], $5::timestamptz[])
  on conflict (user_id, task_id, day) do nothing returning id, task_id, user_id, day`;
const completionKey = (c: { taskId: number; userId: number; day: string }) => `${c.userId}:${c.taskId}:${c.day}`;

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
  const one = <T>(rows: T[]) => rows[0];
  const plain = clientOf(db);
  // The task lists asked for at once: one statement per day asked about (almost always one).
  const progressOf = merged(async (asks: ProgressAsk[]) => {
    const rows = new Map<string, ProgressRow[]>();
    const byDay = new Map<string, ProgressAsk[]>();
    for (const ask of asks) byDay.set(ask.today, [...(byDay.get(ask.today) ?? []), ask]);
    await Promise.all(
      [...byDay].map(async ([today, ofDay]) => {
        const withOpens = ofDay.filter((ask) => ask.withOpens).map((ask) => ask.userId);
        rows.set(today, await plain.unsafe(userProgress, [ofDay.map((ask) => ask.userId), today, withOpens]));
      }),
    );
    return asks.map((ask) => progressFrom(rows.get(ask.today)!, ask));
  });
  const taskById = mergedLookup(
    async (ids: number[]) => ((await plain.unsafe(tasksById, [ids]).values()) as unknown[][]).map((values) => taskRow.read(values)!),
    (task) => task.id,
  );
  // The calls of the programs of one batch, made at the same step, go as one statement (merge.ts).
  const completionInsert = merged(async (inputs: NewCompletion[]) => {
    const rows = await plain.unsafe(insertCompletions, columnsOf(inputs.map((c) => [c.taskId, c.userId, c.day, c.reward, c.at])));
    const ids = new Map<string, number>(rows.map((r: { id: unknown; task_id: number; user_id: number; day: string }) => [completionKey({ taskId: r.task_id, userId: r.user_id, day: r.day }), int8(r.id)]));
    return inputs.map((c) => {
      const key = completionKey(c);
      const id = ids.get(key);
      ids.delete(key); // a second input of the same key inserted nothing
      return id;
    });
  });
  const paid = (text: string) =>
    merged(async (inputs: PaidInput[]) => {
      const answers = new Map<PaidInput, Record<string, unknown> | "done already">();
      // A user's row is updated once per statement: a user's second completion goes in the next.
      for (const round of roundsByKey(inputs, (input) => input.completion.userId)) {
        const rows = await plain.unsafe(text, columnsOf(round.map(paidRow)));
        // No row for a completion done already; no figures for one whose credit was refused.
        const byUser = new Map<number, Record<string, unknown>>(rows.map((r: Record<string, unknown>) => [r.completed_by as number, r]));
        for (const input of round) answers.set(input, byUser.get(input.completion.userId) ?? "done already");
      }
      return inputs.map((input) => answers.get(input)!);
    });
  const paidEarning = paid(insertPaidEarning);
  const paidOther = paid(insertPaidOther);
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
      return yield* awaiting(progressOf({ userId, today, withOpens }));
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
      return yield* awaiting(completionInsert(c));
    },
    *beforeCompletion(userId) {
      const [row] = yield* awaiting(plain`select last_active_day, channel_joined from users where id = ${userId}`);
      return { lastActiveDay: row.last_active_day, channelJoined: row.channel_joined };
    },
    *applyCompletion(c) {
      const [row] = yield* awaiting(plain.unsafe(applyCompletion, [c.userId, c.at, c.today, c.yesterday, c.isDaily ? 1 : 0, c.isChannel]));
      return row && figuresOf(row);
    },
    *insertPaidCompletion(completion, c, credit, entry) {
      const row = yield* awaiting((credit.earning ? paidEarning : paidOther)({ completion, c, credit, entry }));
      if (row === "done already") return row;
      if (row.user_id === null) return undefined; // the credit refused: no user's row updated
      return {
        completionId: int8(row.completion_id),
        before: { lastActiveDay: row.was_active_day as string | null, channelJoined: row.was_joined as boolean },
        updated: figuresOf(row),
      };
    },
    *countCompletion(taskId) {
      yield* bumpTask(db, taskId);
    },
  };
}
