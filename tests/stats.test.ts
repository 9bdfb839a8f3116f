// Dashboard figures, task stats, the activity chart and the leaderboards, checked against data
// made through the API, with the UTC day as the unit of "today". On both engines.
import { describe, expect } from "bun:test";
import { SignJWT } from "jose";
import { usdt } from "@/domain/money.ts";
import { toChecksumAddress } from "@/domain/wallet.ts";
import { forEachAppEngine, jwtSecret, uniqueTgId, type TestApp } from "./support/app.ts";

/** A token valid at the app's current clock, whatever it was moved to (a login's lasts 12 h). */
async function adminAt(t: TestApp) {
  const exp = Math.floor(t.now().getTime() / 1000) + 3600;
  const token = await new SignJWT({ sub: String(t.admin.id), ver: 0, exp }).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(jwtSecret));
  return { authorization: `Bearer ${token}` };
}
const adminGet = async (t: TestApp, path: string) => {
  const res = await t.request("GET", path, { headers: await adminAt(t) });
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body;
};
const complete = (t: TestApp, tgId: number, taskId: number) => t.request("POST", `/api/tasks/${taskId}/complete`, { headers: t.userHeaders(tgId) });

await forEachAppEngine(import.meta.path, ({ test, beforeAll, beforeEach, makeTestApp }) => {
  describe("dashboard stats", () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await makeTestApp();
    });
    const stats = () => adminGet(t, "/api/admin/stats");

    test("an empty service answers zeros", async () => {
      expect(await stats()).toEqual({ totalUsers: 0, verifiedJoins: 0, activeToday: 0, pendingWithdrawals: 0, botActive: false });
    });

    test("totalUsers counts registrations, by the bot and by the app", async () => {
      await t.makeUser();
      await t.makeUser();
      await t.request("GET", "/api/me", { headers: t.userHeaders(uniqueTgId()) });
      await t.request("GET", "/api/me", { headers: t.userHeaders(uniqueTgId()) });
      expect((await stats()).totalUsers).toBe(4);
    });

    test("verifiedJoins counts users with a confirmed follow_channel completion, once each", async () => {
      const a = await t.makeUser();
      const b = await t.makeUser();
      const c = await t.makeUser();
      const channel = await t.makeTask({ kind: "follow_channel", title: "Join" });
      const channel2 = await t.makeTask({ kind: "follow_channel", title: "Join the second channel" });
      await t.makeTask({ kind: "daily_activity" });
      expect((await complete(t, a.tgId, channel.id)).status).toBe(200);
      expect((await stats()).verifiedJoins).toBe(1);
      expect((await complete(t, a.tgId, channel2.id)).status).toBe(200); // the same user again
      expect((await complete(t, a.tgId, channel.id)).status).toBe(409);
      expect((await stats()).verifiedJoins).toBe(1);
      t.setMember(false);
      expect((await complete(t, b.tgId, channel.id)).status).toBe(403);
      expect((await stats()).verifiedJoins).toBe(1);
      t.setMember(true);
      expect((await complete(t, b.tgId, channel.id)).status).toBe(200);
      expect((await stats()).verifiedJoins).toBe(2);
      expect(c.id).toBeGreaterThan(0);
    });

    test("activeToday counts distinct users who completed a task on the current UTC day", async () => {
      const [a, b, c] = [await t.makeUser(), await t.makeUser(), await t.makeUser()];
      const daily = await t.makeTask();
      const custom = await t.makeTask({ kind: "custom", title: "Custom" });
      t.setNow("2026-03-09T23:59:59Z");
      await complete(t, c.tgId, daily.id); // yesterday
      expect((await stats()).activeToday).toBe(1);
      t.setNow("2026-03-10T00:00:00Z");
      expect((await stats()).activeToday).toBe(0);
      await complete(t, a.tgId, daily.id);
      await complete(t, a.tgId, custom.id); // the same user twice
      expect((await stats()).activeToday).toBe(1);
      t.setNow("2026-03-10T23:59:59Z");
      await complete(t, b.tgId, daily.id);
      expect((await complete(t, b.tgId, daily.id)).status).toBe(409); // a refused repeat is no activity
      expect((await stats()).activeToday).toBe(2);
      t.setNow("2026-03-11T00:00:01Z");
      expect((await stats()).activeToday).toBe(0);
      await complete(t, c.tgId, custom.id);
      expect((await stats()).activeToday).toBe(1);
    });

    test("pendingWithdrawals counts requests waiting for an admin", async () => {
      const admin = await t.adminHeaders();
      const requests: number[] = [];
      for (let i = 0; i < 3; i++) {
        const tgId = uniqueTgId();
        const headers = t.userHeaders(tgId);
        const me = (await t.request("GET", "/api/me", { headers })).body;
        await t.request("POST", `/api/admin/users/${me.id}/adjust`, { headers: admin, body: { amount: "20", reason: "seed" } });
        await t.request("POST", "/api/me/wallet", { headers, body: { address: toChecksumAddress(`0x${String(i + 1).repeat(40)}`) } });
        requests.push((await t.request("POST", "/api/me/withdraw", { headers, body: { amount: "10" } })).body.id);
      }
      expect((await stats()).pendingWithdrawals).toBe(3);
      await t.request("PATCH", `/api/admin/withdrawals/${requests[0]}/approve`, { headers: admin });
      expect((await stats()).pendingWithdrawals).toBe(2);
      await t.request("PATCH", `/api/admin/withdrawals/${requests[1]}/reject`, { headers: admin, body: { reason: "no" } });
      expect((await stats()).pendingWithdrawals).toBe(1);
    });
  });

  describe("task stats", () => {
    test("every task with its completion count, most completed first, ties by id", async () => {
      const t = await makeTestApp();
      const a = await t.makeTask({ title: "A", reward: usdt("0.2") });
      const b = await t.makeTask({ kind: "custom", title: "B", reward: usdt("1.5") });
      const c = await t.makeTask({ kind: "follow_channel", title: "C", reward: usdt("0.000001") });
      const d = await t.makeTask({ title: "D", isActive: false });
      const users = [await t.makeUser(), await t.makeUser(), await t.makeUser()];
      for (const u of users) await complete(t, u.tgId, c.id);
      for (const u of users.slice(0, 2)) await complete(t, u.tgId, a.id);
      expect(await adminGet(t, "/api/admin/task-stats")).toEqual([
        { id: c.id, title: "C", kind: "follow_channel", completionCount: 3, rewardUsdt: "0.000001" },
        { id: a.id, title: "A", kind: "daily_activity", completionCount: 2, rewardUsdt: "0.20" },
        { id: b.id, title: "B", kind: "custom", completionCount: 0, rewardUsdt: "1.50" },
        { id: d.id, title: "D", kind: "daily_activity", completionCount: 0, rewardUsdt: "0.20" },
      ]);
    });
  });

  describe("activity chart", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp();
      const daily = await t.makeTask();
      const custom = await t.makeTask({ kind: "custom", title: "Custom" });
      const at = (iso: string) => t.setNow(iso);
      at("2026-01-18T10:00:00Z"); await t.makeUser(); // a Sunday: the week before the first weekly point
      at("2026-01-19T00:00:00Z"); await t.makeUser(); // a Monday: the first weekly point
      at("2026-03-03T23:59:59Z"); await t.makeUser(); // eight days ago: outside the daily range
      at("2026-03-04T00:00:00Z"); const x = await t.makeUser();
      at("2026-03-08T08:00:00Z"); const y = await t.makeUser(); const z = await t.makeUser();
      await complete(t, x.tgId, daily.id);
      await complete(t, x.tgId, custom.id);
      await complete(t, y.tgId, daily.id);
      at("2026-03-10T12:00:00Z"); await t.makeUser();
      await complete(t, z.tgId, daily.id);
      await complete(t, x.tgId, daily.id);
    });

    const zero = (day: string) => ({ day, activity: 0, registrations: 0, completions: 0 });

    test("daily: seven points ending today (UTC), with the day's registrations, completions and active users", async () => {
      t.setNow("2026-03-10T12:00:00Z");
      expect(await adminGet(t, "/api/admin/activity-stats")).toEqual([
        { day: "2026-03-04", activity: 0, registrations: 1, completions: 0 },
        zero("2026-03-05"),
        zero("2026-03-06"),
        zero("2026-03-07"),
        { day: "2026-03-08", activity: 2, registrations: 2, completions: 3 },
        zero("2026-03-09"),
        { day: "2026-03-10", activity: 2, registrations: 1, completions: 2 },
      ]);
      expect(await adminGet(t, "/api/admin/activity-stats?range=daily")).toEqual(await adminGet(t, "/api/admin/activity-stats"));
    });

    test("weekly: eight points keyed by Monday, ending this week, each the sum of its days", async () => {
      t.setNow("2026-03-10T12:00:00Z"); // a Tuesday
      const weeks = await adminGet(t, "/api/admin/activity-stats?range=weekly");
      expect(weeks.map((w: { day: string }) => w.day)).toEqual([
        "2026-01-19", "2026-01-26", "2026-02-02", "2026-02-09", "2026-02-16", "2026-02-23", "2026-03-02", "2026-03-09",
      ]);
      expect(weeks[0]).toEqual({ day: "2026-01-19", activity: 0, registrations: 1, completions: 0 });
      for (const w of weeks.slice(1, 6)) expect(w).toEqual(zero(w.day));
      expect(weeks[6]).toEqual({ day: "2026-03-02", activity: 2, registrations: 4, completions: 3 });
      expect(weeks[7]).toEqual({ day: "2026-03-09", activity: 2, registrations: 1, completions: 2 });
    });

    test("weekly on a Sunday still ends with this week's Monday, on a Monday with today", async () => {
      t.setNow("2026-03-15T23:00:00Z");
      expect((await adminGet(t, "/api/admin/activity-stats?range=weekly")).at(-1).day).toBe("2026-03-09");
      t.setNow("2026-03-16T00:00:00Z");
      const weeks = await adminGet(t, "/api/admin/activity-stats?range=weekly");
      expect(weeks.at(-1)).toEqual(zero("2026-03-16"));
      expect(weeks[0].day).toBe("2026-01-26");
      const days = await adminGet(t, "/api/admin/activity-stats");
      expect(days.map((d: { day: string }) => d.day)).toEqual(["2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14", "2026-03-15", "2026-03-16"]);
      expect(days[0]).toEqual({ day: "2026-03-10", activity: 2, registrations: 1, completions: 2 });
    });
  });

  describe("leaderboards and rank", () => {
    let t: TestApp;
    let u: { id: number; tgId: number }[];
    let banned: { id: number; tgId: number };
    const categories = ["earnings", "referrals", "activity"] as const;

    beforeAll(async () => {
      t = await makeTestApp();
      const admin = await t.adminHeaders();
      t.setNow("2026-03-09T10:00:00Z");
      u = await t.makeUsers(8);
      banned = await t.makeUser();
      const daily = await t.makeTask({ reward: usdt("0.5") });
      const channel = await t.makeTask({ kind: "follow_channel", title: "Join", reward: usdt("0") });
      const c1 = await t.makeTask({ kind: "custom", title: "c1", reward: usdt("1") });
      const c2 = await t.makeTask({ kind: "custom", title: "c2", reward: usdt("2") });
      const c3 = await t.makeTask({ kind: "custom", title: "c3", reward: usdt("3") });
      const done = async (who: { tgId: number }, ...tasks: { id: number }[]) => {
        for (const task of tasks) expect((await complete(t, who.tgId, task.id)).status).toBe(200);
      };
      // Earnings: u2 = 3 (c3), u1 = 3 (c1 + c2) ties with u2 and is earlier, u4 = 6, banned = 100.
      await done(u[1]!, c1, c2);
      await done(u[2]!, c3);
      await done(u[4]!, c1, c2, c3);
      await done(banned, c1, c2, c3);
      await t.request("POST", `/api/admin/users/${banned.id}/adjust`, { headers: admin, body: { amount: "94", reason: "irrelevant to earnings" } });
      // An adjustment moves the balance, not the total earned.
      await t.request("POST", `/api/admin/users/${u[4]!.id}/adjust`, { headers: admin, body: { amount: "-1.25", reason: "correction" } });
      // Activity: u6 does daily + channel today and daily tomorrow (3 completions, streak 2).
      await done(u[6]!, daily, channel);
      // Referrals: u3 gets 2 qualified, u5 gets 1, u7 gets 1 (tie with u5, later), banned gets 3.
      const referred: { tgId: number }[] = [];
      for (const [referrer, n] of [[u[3]!, 2], [u[5]!, 1], [u[7]!, 1], [banned, 3]] as const) {
        const code = (await t.userRow(referrer.id)).refCode;
        for (let i = 0; i < n; i++) referred.push(await t.makeUser({}, code));
      }
      for (const r of referred) await done(r, channel, daily);
      t.setNow("2026-03-10T10:00:00Z");
      for (const r of referred) await done(r, daily);
      await done(u[6]!, daily);
      await t.request("POST", `/api/admin/users/${banned.id}/ban`, { headers: admin, body: { reason: "cheating" } });
    });

    const board = async (category: string, query = "", as: "admin" | "user" = "admin") => {
      const path = as === "admin" ? `/api/admin/leaderboard/${category}${query}` : `/api/leaderboard/${category}${query}`;
      const res = await t.request("GET", path, { headers: as === "admin" ? await adminAt(t) : t.userHeaders(u[0]!.tgId) });
      expect(res.status).toBe(200);
      return res.body as any[];
    };

    test("earnings: by total earned, ties to the earlier user, banned users left out; entries carry balance", async () => {
      const all = await board("earnings", "?limit=100");
      expect(all.slice(0, 3).map((e) => [e.id, e.totalEarned, e.balance])).toEqual([
        [u[4]!.id, "6.00", "4.75"],
        [u[1]!.id, "3.00", "3.00"],
        [u[2]!.id, "3.00", "3.00"],
      ]);
      expect(all.map((e) => e.id)).not.toContain(banned.id);
      expect(all.map((e) => e.rank)).toEqual(all.map((_, i) => i + 1));
      // Behind them: the referrers' bonuses (0.20 each) and the daily earners, then zeros by id.
      const totals = all.map((e) => Number(e.totalEarned));
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      for (let i = 1; i < all.length; i++) {
        if (all[i].totalEarned === all[i - 1].totalEarned) expect(all[i].id).toBeGreaterThan(all[i - 1].id);
      }
      expect(all[0]).toEqual({ id: u[4]!.id, firstName: "Test", username: (await t.userRow(u[4]!.id)).username, tgId: u[4]!.tgId, rank: 1, balance: "4.75", totalEarned: "6.00" });
    });

    test("referrals: by qualified referrals, ties to the earlier user, banned left out", async () => {
      const all = await board("referrals", "?limit=100");
      expect(all.slice(0, 4).map((e) => [e.id, e.referralCount])).toEqual([
        [u[3]!.id, 2],
        [u[5]!.id, 1],
        [u[7]!.id, 1],
        [u[0]!.id, 0],
      ]);
      expect(all.map((e) => e.id)).not.toContain(banned.id);
      expect(Object.keys(all[0]).sort()).toEqual(["firstName", "id", "rank", "referralCount", "tgId", "username"]);
    });

    test("activity: by completions, ties to the earlier user; entries carry the current streak", async () => {
      const all = await board("activity", "?limit=100");
      const u6 = all.find((e) => e.id === u[6]!.id);
      expect(u6).toMatchObject({ taskCount: 3, currentStreak: 2 });
      expect(all.map((e) => e.id)).not.toContain(banned.id);
      const counts = all.map((e) => e.taskCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      for (let i = 1; i < all.length; i++) {
        if (all[i].taskCount === all[i - 1].taskCount) expect(all[i].id).toBeGreaterThan(all[i - 1].id);
      }
      // u4 did three custom tasks, u6 three tasks too but registered later.
      expect(all.findIndex((e) => e.id === u[4]!.id)).toBeLessThan(all.findIndex((e) => e.id === u[6]!.id));
      expect(Object.keys(all[0]).sort()).toEqual(["currentStreak", "firstName", "id", "rank", "taskCount", "tgId", "username"]);
    });

    test("limits: admin default 5, user default 10, ?limit= cuts the same order", async () => {
      for (const category of categories) {
        const all = await board(category, "?limit=100");
        expect(all.length).toBeGreaterThan(10);
        expect(await board(category)).toEqual(all.slice(0, 5));
        expect(await board(category, "?limit=2")).toEqual(all.slice(0, 2));
        expect(await board(category, "", "user")).toEqual(all.slice(0, 10));
        expect(await board(category, "?limit=3", "user")).toEqual(all.slice(0, 3));
      }
    });

    test("GET /api/me/rank agrees with the position in the full leaderboard, for every user and category", async () => {
      for (const category of categories) {
        const all = await board(category, "?limit=100");
        for (const entry of all) {
          const res = await t.request("GET", `/api/me/rank?category=${category}`, { headers: t.userHeaders(entry.tgId) });
          expect({ category, id: entry.id, rank: res.body.rank }).toEqual({ category, id: entry.id, rank: entry.rank });
        }
      }
      // The default category is earnings.
      const mine = await t.request("GET", "/api/me/rank", { headers: t.userHeaders(u[4]!.tgId) });
      expect(mine.body).toEqual({ rank: 1 });
    });
  });
});
