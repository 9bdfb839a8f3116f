// A task completion's write on both engines, for what PostgreSQL does its own way: the completion
// row, the user's row, the credit and its ledger row in one statement (the ledger's
// creditCompletion, which a task without a reward takes too), and
// the counters held back until just before the commit (db/pg/store/counters.ts). Each engine must
// give the same answers.
import { expect } from "bun:test";
import { createConfig } from "@/config/env.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { fixedSettings } from "@/domain/settings-source.ts";
import { makeCaches } from "@/domain/caches.ts";
import { AppError } from "@/domain/errors.ts";
import { rules } from "@/domain/rules.ts";
import { activityStats, taskStats } from "@/domain/stats.ts";
import { completeTask, createTask } from "@/domain/tasks.ts";
import { forEachEngine, type EngineFixture } from "./support/engines.ts";

const now = new Date("2026-03-10T12:00:00Z");
const today = "2026-03-10";
const reward = 250_000;

function depsOf(e: EngineFixture) {
  return {
    store: e.store,
    clock: () => now,
    config: createConfig({ SEED_DEMO: "false" }),
    settings: fixedSettings(defaultSettings(createConfig({ SEED_DEMO: "false" }))),
    membership: { isMember: async () => true },
    caches: makeCaches(e.store),
  };
}

const dailyTask = (deps: ReturnType<typeof depsOf>, title: string, paying = reward) =>
  createTask(deps, { kind: "daily_activity", title, description: "", reward: paying, isActive: true });

/** Today's completions and active users, as the dashboard adds them up. */
async function todayCounts(deps: ReturnType<typeof depsOf>) {
  const day = (await activityStats(deps, "daily")).find((p) => p.day === today);
  return { completions: day?.completions ?? 0, active: day?.activity ?? 0 };
}

const countOf = async (deps: ReturnType<typeof depsOf>, taskId: number) => (await taskStats(deps)).find((t) => t.id === taskId)!.completionCount;

await forEachEngine(import.meta.path, (it) => {
  it("one user's completions of two tasks at the same moment both count, once each, everywhere", async (e) => {
    const deps = depsOf(e);
    const [first, second] = [await dailyTask(deps, "First"), await dailyTask(deps, "Second")];
    const user = await e.addUser();
    const done = await Promise.all([completeTask(deps, user, first.id), completeTask(deps, user, second.id)]);
    expect(done.map((d) => d.reward)).toEqual([reward, reward]);

    const after = await e.user(user.id);
    expect(after).toMatchObject({ balance: 2 * reward, totalEarned: 2 * reward, earnedToday: 2 * reward, tasksCompleted: 2, dailyTasksCompleted: 2, lastActiveDay: today });
    const completions = await e.exec(`select id, task_id from task_completions where user_id = ${user.id} order by task_id`);
    const ledger = await e.ledgerRows(user.id);
    const entries = ledger.map((l) => `${l.reason} ${l.amount} ${l.refId}`).sort();
    expect(entries).toEqual(completions.map((c) => `daily_task ${reward} ${Number(c.id)}`).sort());
    expect([await countOf(deps, first.id), await countOf(deps, second.id)]).toEqual([1, 1]);
    // Two completions, one user active today, however the two transactions met.
    expect(await todayCounts(deps)).toEqual({ completions: 2, active: 1 });
  });

  it("one user's completions of two unpaid tasks at the same moment count one active user, and write no ledger row", async (e) => {
    const deps = depsOf(e);
    const [first, second] = [await dailyTask(deps, "First", 0), await dailyTask(deps, "Second", 0)];
    const user = await e.addUser();
    const done = await Promise.all([completeTask(deps, user, first.id), completeTask(deps, user, second.id)]);
    expect(done.map((d) => [d.reward, d.balance])).toEqual([[0, 0], [0, 0]]);

    // Each completion read the user's day before it as the other left it: one of them made the user active today.
    expect(await todayCounts(deps)).toEqual({ completions: 2, active: 1 });
    expect(await e.user(user.id)).toMatchObject({ balance: 0, totalEarned: 0, earnedToday: 0, earnedDay: null, tasksCompleted: 2, dailyTasksCompleted: 2, lastActiveDay: today });
    expect(await e.ledgerRows(user.id)).toEqual([]);
    expect((await e.checkLedger()).problems).toEqual([]);
  });

  it("two taps on one task at the same moment pay once; the other hears it is done today", async (e) => {
    const deps = depsOf(e);
    const task = await dailyTask(deps, "Daily");
    const user = await e.addUser();
    const outcomes = await Promise.allSettled([completeTask(deps, user, task.id), completeTask(deps, user, task.id)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected")!.reason as AppError;
    expect([refused.code, refused.message]).toEqual(["ALREADY_COMPLETED", "Task already completed today"]);

    expect(await e.user(user.id)).toMatchObject({ balance: reward, tasksCompleted: 1, dailyTasksCompleted: 1 });
    const [completion] = await e.exec(`select id from task_completions where user_id = ${user.id}`);
    expect((await e.ledgerRows(user.id)).map((l) => l.refId)).toEqual([Number(completion!.id)]);
    expect(await countOf(deps, task.id)).toBe(1);
  });

  it("a completion whose reward would pass the balance limit is refused and leaves nothing behind", async (e) => {
    const deps = depsOf(e);
    const task = await dailyTask(deps, "Daily");
    const user = await e.addUser();
    await e.exec(`update users set balance = ${rules.maxBalance - 1}, total_earned = ${rules.maxBalance - 1} where id = ${user.id}`);
    const refused = await completeTask(deps, user, task.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("BALANCE_LIMIT");

    expect(await e.user(user.id)).toMatchObject({ balance: rules.maxBalance - 1, tasksCompleted: 0, lastActiveDay: null });
    expect(await e.ledgerRows(user.id)).toEqual([]);
    expect(await e.exec(`select id from task_completions where user_id = ${user.id}`)).toEqual([]);
    expect(await countOf(deps, task.id)).toBe(0);
    expect(await todayCounts(deps)).toEqual({ completions: 0, active: 0 });
  });

  it("a transaction that fails after bumping counters counts nothing", async (e) => {
    const deps = depsOf(e);
    const task = await dailyTask(deps, "Daily");
    const failed = await e.store
      .transaction(function* (tx) {
        yield* tx.tasks.countCompletion(task.id);
        yield* tx.counters.bumpDaily(today, "completions");
        yield* tx.counters.bumpDaily(today, "activeUsers");
        yield* tx.counters.bump("verified_joins", 1);
        throw new Error("after the bumps");
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe("after the bumps");
    expect(await countOf(deps, task.id)).toBe(0);
    expect(await todayCounts(deps)).toEqual({ completions: 0, active: 0 });

    // The same bumps committed count once each, the day's two in one row on PostgreSQL.
    await e.store.transaction(function* (tx) {
      yield* tx.tasks.countCompletion(task.id);
      yield* tx.counters.bumpDaily(today, "completions");
      yield* tx.counters.bumpDaily(today, "activeUsers");
    });
    expect(await countOf(deps, task.id)).toBe(1);
    expect(await todayCounts(deps)).toEqual({ completions: 1, active: 1 });
  });
});
