// The dashboard figures and the leaderboards on both engines, for the same scenes: each answer is
// checked against what the scene says it must be, so both engines give the same. The leaderboards
// read rank_counts, which each engine keeps by its own triggers, over ids spread across blocks.
import { expect } from "bun:test";
import { leaderboardCategories, rankOf, topUsers } from "@/domain/leaderboard.ts";
import { activityStats, dashboardStats, taskStats } from "@/domain/stats.ts";
import type { Store } from "@/domain/store.ts";
import { forEachEngine, type EngineFixture } from "./support/engines.ts";

const now = new Date("2026-03-10T12:00:00Z"); // a Tuesday
const depsOf = (store: Store) => ({ store, clock: () => now });

/** A moment as each engine's plain SQL takes it: epoch milliseconds on SQLite, timestamptz on PostgreSQL. */
const moment = (e: EngineFixture, at = now) => (e.store.engine === "sqlite" ? String(at.getTime()) : `'${at.toISOString()}'::timestamptz`);

/** A small deterministic generator, so both engines get the same scene. */
function random(seed: number) {
  return (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((seed / 2_147_483_648) * n);
  };
}

type SceneUser = { id: number; earnings: number; referrals: number; activity: number; banned: boolean };

const ordering = (scene: SceneUser[], category: (typeof leaderboardCategories)[number]) =>
  scene
    .filter((u) => !u.banned)
    .sort((a, b) => b[category] - a[category] || a.id - b.id)
    .map((u) => u.id);

await forEachEngine(import.meta.path, (it) => {
  it("dashboard: the counters, today's active users and the pending withdrawals", async (e) => {
    const deps = depsOf(e.store);
    expect(await dashboardStats(deps)).toEqual({ totalUsers: 0, verifiedJoins: 0, activeToday: 0, pendingWithdrawals: 0 });
    await e.exec("insert into counters (name, value) values ('total_users', 7), ('verified_joins', 3)");
    await e.exec("insert into daily_stats (day, registrations, completions, active_users) values ('2026-03-09', 1, 1, 11), ('2026-03-10', 2, 5, 4)");
    const statuses = ["pending", "pending", "approved", "rejected"];
    for (const [i, status] of statuses.entries()) {
      const user = await e.addUser({ wallet: true });
      await e.exec(`insert into withdrawals (user_id, amount, address, status, created_at) values (${user.id}, ${(i + 10) * 1_000_000}, '${user.walletBep20}', '${status}', ${moment(e)})`);
    }
    expect(await dashboardStats(deps)).toEqual({ totalUsers: 7, verifiedJoins: 3, activeToday: 4, pendingWithdrawals: 2 });
  });

  it("activity: seven daily points ending today, eight weekly points keyed by Monday ending this week", async (e) => {
    const deps = depsOf(e.store);
    await e.exec(`insert into daily_stats (day, registrations, completions, active_users) values
      ('2026-01-18', 1000, 1000, 1000), ('2026-01-19', 10, 20, 30), ('2026-03-03', 100, 0, 0), ('2026-03-04', 1, 2, 3),
      ('2026-03-08', 4, 5, 6), ('2026-03-10', 7, 8, 9), ('2026-03-11', 5000, 5000, 5000)`);
    const point = (day: string, activity = 0, registrations = 0, completions = 0) => ({ day, activity, registrations, completions });
    expect(await activityStats(deps, "daily")).toEqual([
      point("2026-03-04", 3, 1, 2), point("2026-03-05"), point("2026-03-06"), point("2026-03-07"),
      point("2026-03-08", 6, 4, 5), point("2026-03-09"), point("2026-03-10", 9, 7, 8),
    ]);
    expect(await activityStats(deps, "weekly")).toEqual([
      point("2026-01-19", 30, 10, 20), point("2026-01-26"), point("2026-02-02"), point("2026-02-09"),
      point("2026-02-16"), point("2026-02-23"), point("2026-03-02", 9, 105, 7), point("2026-03-09", 9, 7, 8),
    ]);
  });

  it("task stats: every task, most completed first, ties to the earlier task", async (e) => {
    const ids: number[] = [];
    for (const count of [5, 9, 5, 0]) {
      const [row] = await e.exec(`insert into tasks (kind, title, reward, completion_count, created_at) values ('custom', 'Task ${count}', 100000, ${count}, ${moment(e)}) returning id`);
      ids.push(Number(row!.id));
    }
    const [first, second, third, fourth] = ids;
    expect((await taskStats(depsOf(e.store))).map((t) => [t.id, t.completionCount])).toEqual([
      [second!, 9], [first!, 5], [third!, 5], [fourth!, 0],
    ]);
  });

  it("leaderboards and own ranks equal the full ordering: scores desc, ties to the earlier id, banned left out", async (e) => {
    const deps = depsOf(e.store);
    const next = random(7);
    const scene: SceneUser[] = [];
    let id = 0;
    for (let i = 0; i < 30; i++) {
      // Gaps of up to 9000 ids put the users in many blocks of 1024.
      id += 1 + next(9000);
      scene.push({ id, earnings: next(4) * 100_000, referrals: next(4), activity: next(4), banned: next(5) === 0 });
    }
    const bool = (b: boolean) => (b ? "true" : "false");
    for (const u of scene) {
      await e.exec(`insert into users (id, tg_id, first_name, ref_code, total_earned, qualified_referrals, tasks_completed, is_banned, created_at)
        values (${u.id}, ${u.id}, 'U', 'C${u.id}', ${u.earnings}, ${u.referrals}, ${u.activity}, ${bool(u.banned)}, ${moment(e)})`);
    }
    // Changes after insertion go through the update triggers.
    for (let i = 0; i < 12; i++) {
      const u = scene[next(scene.length)]!;
      Object.assign(u, { earnings: next(5) * 100_000, activity: next(5), banned: next(4) === 0 });
      await e.exec(`update users set total_earned = ${u.earnings}, tasks_completed = ${u.activity}, is_banned = ${bool(u.banned)} where id = ${u.id}`);
    }

    for (const category of leaderboardCategories) {
      const ordered = ordering(scene, category);
      for (const limit of [1, 2, 5, 10, 100]) {
        const top = await topUsers(deps, category, limit);
        expect({ category, limit, top: top.map((u) => [u.id, u.rank]) }).toEqual({ category, limit, top: ordered.slice(0, limit).map((id, i) => [id, i + 1]) });
      }
      for (const [i, userId] of ordered.entries()) {
        expect({ category, userId, rank: await rankOf(deps, category, await e.user(userId)) }).toEqual({ category, userId, rank: i + 1 });
      }
    }
    expect(await topUsers(deps, "earnings", 5)).toSatisfy((top) => top.every((u) => !u.isBanned && typeof u.firstName === "string"));
  });

  it("an empty leaderboard is empty, and the only user ranks first", async (e) => {
    const deps = depsOf(e.store);
    expect(await topUsers(deps, "referrals", 10)).toEqual([]);
    const user = await e.addUser();
    expect(await rankOf(deps, "activity", user)).toBe(1);
    expect((await topUsers(deps, "activity", 10)).map((u) => [u.id, u.rank])).toEqual([[user.id, 1]]);
  });
});
