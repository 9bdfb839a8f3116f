// What the driver bench times, per driver and with drizzle on top of each: the user lookup behind
// every user request (GET /api/me's one query), and a task completion's write transaction with
// the statements domain/tasks.ts completeTask runs, in its order, for a daily task that pays.
import type { SQL } from "bun";
import postgres from "postgres";
import { and, eq, sql, type SQL as DrizzleSql } from "drizzle-orm";
import { drizzle as drizzleBun } from "drizzle-orm/bun-sql";
import { drizzle as drizzlePostgresJs } from "drizzle-orm/postgres-js";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { pgClient } from "@/db/pg/client.ts";
import * as schema from "@/db/pg/schema/index.ts";
import { rules } from "@/domain/rules.ts";

const { dailyStats, ledger, taskCompletions, tasks, users } = schema;

/** Asked by every connection, so a server default cannot change what is measured. */
export const sessionSettings = { synchronous_commit: "on", default_transaction_isolation: "read committed" } as const;

export const bunClient = (url: string, max: number): SQL => pgClient(url, { max, connection: sessionSettings });
export const postgresJsClient = (url: string, max: number) => postgres(url, { max, connection: sessionSettings });

/** One completion: a user, the task, and the day it counts for (a fresh one, so it pays). */
export type Completion = { userId: number; taskId: number; reward: number; day: string; yesterday: string; at: Date };

export type Variant = { read(tgId: number): Promise<unknown>; complete(c: Completion): Promise<unknown>; close(): Promise<void> };

// The daily task: it counts towards the streak and is no channel task (completeTask's isDaily and
// isChannel), passed as parameters as the domain passes them.
const daily = 1;
const channel = false;

/** The part of each driver's tagged template the completion uses; both return rows with a count. */
export type Tagged = (strings: TemplateStringsArray, ...values: any[]) => PromiseLike<Record<string, any>[] & { count: number }>;

/** The completion as completeTask writes it, in the same text for both drivers. */
async function completeRaw(tx: Tagged, c: Completion) {
  const [inserted] = await tx`insert into task_completions (task_id, user_id, day, reward, created_at)
    values (${c.taskId}, ${c.userId}, ${c.day}, ${c.reward}, ${c.at}) on conflict do nothing returning id`;
  if (!inserted) throw new Error(`user ${c.userId} had already completed task ${c.taskId} on ${c.day}`);
  const [before] = await tx`select last_active_day, channel_joined from users where id = ${c.userId}`;
  await tx`update users set
      tasks_completed = tasks_completed + 1,
      last_activity_at = ${c.at},
      last_active_day = ${c.day},
      daily_tasks_completed = daily_tasks_completed + ${daily},
      current_streak = case when ${daily} = 0 then current_streak when last_daily_day = ${c.yesterday} then current_streak + 1 else 1 end,
      last_daily_day = case when ${daily} = 0 then last_daily_day else ${c.day} end,
      channel_joined = channel_joined or ${channel}
    where id = ${c.userId}
    returning channel_joined, daily_tasks_completed`;
  const credited = await tx`update users set balance = balance + ${c.reward}, total_earned = total_earned + ${c.reward},
      earned_today = case when earned_day = ${c.day} then earned_today + ${c.reward} else ${c.reward} end, earned_day = ${c.day}
    where id = ${c.userId} and balance + ${c.reward} <= ${rules.maxBalance} and total_earned + ${c.reward} <= ${rules.maxBalance}`;
  if (credited.count !== 1) throw new Error(`user ${c.userId} could not be credited`);
  await tx`insert into ledger (user_id, type, reason, amount, ref_id, note, created_at)
    values (${c.userId}, 'credit', 'daily_task', ${c.reward}, ${inserted.id}, ${null}, ${c.at}) returning id`;
  await tx`update tasks set completion_count = completion_count + 1 where id = ${c.taskId}`;
  await tx`insert into daily_stats (day, completions) values (${c.day}, 1) on conflict (day) do update set completions = daily_stats.completions + 1`;
  if (before!.last_active_day !== c.day) {
    await tx`insert into daily_stats (day, active_users) values (${c.day}, 1) on conflict (day) do update set active_users = daily_stats.active_users + 1`;
  }
  const [after] = await tx`select balance, current_streak, last_daily_day from users where id = ${c.userId}`;
  return after;
}

/** The same completion written with drizzle's query builder, built on every call. */
async function completeDrizzle<H extends PgQueryResultHKT>(db: PgDatabase<H, typeof schema>, c: Completion) {
  const fits = (column: typeof users.balance | typeof users.totalEarned): DrizzleSql => sql`${column} + ${c.reward} <= ${rules.maxBalance}`;
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(taskCompletions)
      .values({ taskId: c.taskId, userId: c.userId, day: c.day, reward: c.reward, createdAt: c.at })
      .onConflictDoNothing()
      .returning({ id: taskCompletions.id });
    if (!inserted) throw new Error(`user ${c.userId} had already completed task ${c.taskId} on ${c.day}`);
    const [before] = await tx.select({ lastActiveDay: users.lastActiveDay, channelJoined: users.channelJoined }).from(users).where(eq(users.id, c.userId));
    await tx
      .update(users)
      .set({
        tasksCompleted: sql`${users.tasksCompleted} + 1`,
        lastActivityAt: c.at,
        lastActiveDay: c.day,
        dailyTasksCompleted: sql`${users.dailyTasksCompleted} + ${daily}`,
        currentStreak: sql`case when ${daily} = 0 then ${users.currentStreak} when ${users.lastDailyDay} = ${c.yesterday} then ${users.currentStreak} + 1 else 1 end`,
        lastDailyDay: sql`case when ${daily} = 0 then ${users.lastDailyDay} else ${c.day} end`,
        channelJoined: sql`${users.channelJoined} or ${channel}`,
      })
      .where(eq(users.id, c.userId))
      .returning({ channelJoined: users.channelJoined, dailyTasksCompleted: users.dailyTasksCompleted });
    const credited = await tx
      .update(users)
      .set({
        balance: sql`${users.balance} + ${c.reward}`,
        totalEarned: sql`${users.totalEarned} + ${c.reward}`,
        earnedToday: sql`case when ${users.earnedDay} = ${c.day} then ${users.earnedToday} + ${c.reward} else ${c.reward} end`,
        earnedDay: c.day,
      })
      .where(and(eq(users.id, c.userId), fits(users.balance), fits(users.totalEarned)))
      .returning({ id: users.id });
    if (credited.length !== 1) throw new Error(`user ${c.userId} could not be credited`);
    await tx
      .insert(ledger)
      .values({ userId: c.userId, type: "credit", reason: "daily_task", amount: c.reward, refId: inserted.id, createdAt: c.at })
      .returning({ id: ledger.id });
    await tx.update(tasks).set({ completionCount: sql`${tasks.completionCount} + 1` }).where(eq(tasks.id, c.taskId));
    await tx
      .insert(dailyStats)
      .values({ day: c.day, completions: 1 })
      .onConflictDoUpdate({ target: dailyStats.day, set: { completions: sql`${dailyStats.completions} + 1` } });
    if (before!.lastActiveDay !== c.day) {
      await tx
        .insert(dailyStats)
        .values({ day: c.day, activeUsers: 1 })
        .onConflictDoUpdate({ target: dailyStats.day, set: { activeUsers: sql`${dailyStats.activeUsers} + 1` } });
    }
    const [after] = await tx
      .select({ balance: users.balance, currentStreak: users.currentStreak, lastDailyDay: users.lastDailyDay })
      .from(users)
      .where(eq(users.id, c.userId));
    return after;
  });
}

/**
 * Each way of talking to PostgreSQL the bench compares, over a pool of `max` connections. Drizzle
 * gets a client of its own: drizzle-orm/postgres-js changes the type parsers of the client it is
 * given, after which that client's own queries can no longer take a Date (see the checks).
 */
export const variants: Record<string, (url: string, max: number) => Variant> = {
  "bun-sql": (url, max) => {
    const client = bunClient(url, max);
    return {
      read: (tgId) => client`select * from users where tg_id = ${tgId}`,
      complete: (c) => client.begin((tx) => completeRaw(tx, c)),
      close: () => client.close(),
    };
  },
  "postgres.js": (url, max) => {
    const client = postgresJsClient(url, max);
    return {
      read: (tgId) => client`select * from users where tg_id = ${tgId}`,
      complete: (c) => client.begin((tx) => completeRaw(tx, c)),
      close: () => client.end(),
    };
  },
  "drizzle/bun-sql": (url, max) => {
    const db = drizzleBun({ client: bunClient(url, max), schema });
    return {
      read: (tgId) => db.select().from(users).where(eq(users.tgId, tgId)),
      complete: (c) => completeDrizzle(db, c),
      close: () => db.$client.close(),
    };
  },
  "drizzle/postgres.js": (url, max) => {
    const db = drizzlePostgresJs({ client: postgresJsClient(url, max), schema });
    return {
      read: (tgId) => db.select().from(users).where(eq(users.tgId, tgId)),
      complete: (c) => completeDrizzle(db, c),
      close: () => db.$client.end(),
    };
  },
};
