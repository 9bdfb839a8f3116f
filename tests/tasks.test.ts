// Tasks through the API, on both engines: the daily task and its streak, one-time tasks, the
// active list and its cache, and the admin's task management.
import { describe, expect } from "bun:test";
import { eq, sql } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { forEachAppEngine, type TestApp } from "./support/app.ts";
import { until } from "./support/until.ts";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });

  const complete = (tgId: number, taskId: number) => t.request("POST", `/api/tasks/${taskId}/complete`, { headers: t.userHeaders(tgId) });
  const me = async (tgId: number) => (await t.request("GET", "/api/me", { headers: t.userHeaders(tgId) })).body;

  describe("daily task", () => {
    test("pays once per UTC day and credits the ledger in the same step", async () => {
      const user = await t.makeUser();
      const task = await t.makeTask({ reward: usdt("0.2") });
      const first = await complete(user.tgId, task.id);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ reward: "0.20", balance: "0.20", streak: 1 });

      const again = await complete(user.tgId, task.id);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("ALREADY_COMPLETED");
      expect((await me(user.tgId)).balanceUsdt).toBe("0.20");
      expect(await t.rows("ledger", (l) => eq(l.userId, user.id))).toHaveLength(1);

      t.setNow("2026-03-11T00:00:01Z");
      expect((await complete(user.tgId, task.id)).body).toMatchObject({ balance: "0.40", streak: 2 });
    });

    test("the streak counts consecutive days and a missed day resets it", async () => {
      const user = await t.makeUser();
      const task = await t.makeTask();
      for (const day of ["2026-03-10", "2026-03-11", "2026-03-12"]) {
        t.setNow(`${day}T08:00:00Z`);
        await complete(user.tgId, task.id);
      }
      expect((await me(user.tgId)).streak).toBe(3);
      t.setNow("2026-03-13T20:00:00Z"); // not done yet today: yesterday's streak still stands
      expect((await me(user.tgId)).streak).toBe(3);
      t.setNow("2026-03-14T08:00:00Z"); // a whole day missed
      expect((await me(user.tgId)).streak).toBe(0);
      expect((await complete(user.tgId, task.id)).body.streak).toBe(1);
    });

    test("earned today resets at midnight UTC, total earned does not", async () => {
      const user = await t.makeUser();
      const task = await t.makeTask({ reward: usdt("0.2") });
      t.setNow("2026-03-10T23:59:00Z");
      await complete(user.tgId, task.id);
      expect(await me(user.tgId)).toMatchObject({ earnedToday: "0.20", totalEarned: "0.20" });
      t.setNow("2026-03-11T00:00:30Z");
      expect(await me(user.tgId)).toMatchObject({ earnedToday: "0.00", totalEarned: "0.20" });
    });

    test("simultaneous calls pay once", async () => {
      const user = await t.makeUser();
      const task = await t.makeTask();
      const replies = await Promise.all(Array.from({ length: 8 }, () => complete(user.tgId, task.id)));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(7);
      expect((await t.userRow(user.id)).balance).toBe(usdt("0.2"));
    });
  });

  describe("one-time tasks", () => {
    test("custom tasks complete once, ever", async () => {
      const user = await t.makeUser();
      const task = await t.makeTask({ kind: "custom", reward: usdt("0.3") });
      expect((await complete(user.tgId, task.id)).status).toBe(200);
      t.setNow("2026-03-20T12:00:00Z");
      expect((await complete(user.tgId, task.id)).body.code).toBe("ALREADY_COMPLETED");
      expect((await t.userRow(user.id)).balance).toBe(usdt("0.3"));
    });

    test("follow_channel pays only when the membership check says yes", async () => {
      const user = await t.makeUser();
      const task = await t.makeTask({ kind: "follow_channel", reward: usdt("0.5") });
      t.setMember(false);
      const refused = await complete(user.tgId, task.id);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("NOT_CHANNEL_MEMBER");
      expect(await t.rows("taskCompletions")).toHaveLength(0);
      expect(await t.userRow(user.id)).toMatchObject({ balance: 0, channelJoined: false });

      t.setMember(true);
      expect((await complete(user.tgId, task.id)).body.reward).toBe("0.50");
      expect((await t.userRow(user.id)).channelJoined).toBe(true);
    });

    test("inactive and unknown tasks cannot be completed", async () => {
      const user = await t.makeUser();
      const inactive = await t.makeTask({ isActive: false });
      expect((await complete(user.tgId, inactive.id)).body.code).toBe("TASK_INACTIVE");
      expect((await complete(user.tgId, 99_999)).status).toBe(404);
      expect((await t.userRow(user.id)).balance).toBe(0);
    });

    test("the active list carries the user's completion flags", async () => {
      const user = await t.makeUser();
      const daily = await t.makeTask();
      const custom = await t.makeTask({ kind: "custom" });
      await t.makeTask({ isActive: false, title: "Hidden" });
      await complete(user.tgId, daily.id);
      const list = (await t.request("GET", "/api/tasks/active", { headers: t.userHeaders(user.tgId) })).body;
      expect(list.map((x: { id: number }) => x.id)).toEqual([daily.id, custom.id]);
      expect(list[0]).toMatchObject({ isCompleted: true, completedToday: true, rewardUsdt: "0.20" });
      expect(list[1]).toMatchObject({ isCompleted: false, completedToday: false });
      t.setNow("2026-03-11T09:00:00Z");
      const tomorrow = (await t.request("GET", "/api/tasks/active", { headers: t.userHeaders(user.tgId) })).body;
      expect(tomorrow[0]).toMatchObject({ isCompleted: false, completedToday: false });
    });

    test("each task in the user's list reads as the admin's task list has it, plus the flags", async () => {
      const user = await t.makeUser();
      const task = await t.makeTask({ kind: "custom", title: "Follow us on X" });
      const listed = async () => ((await t.request("GET", "/api/tasks/active", { headers: t.userHeaders(user.tgId) })).body as Record<string, unknown>[]).find((x) => x.id === task.id);
      const adminView = ((await t.adminGet("/api/admin/tasks")).body as Record<string, unknown>[]).find((x) => x.id === task.id);
      const flags = { isCompleted: false, completedToday: false, openedAt: null, claimableAt: null };
      expect(await listed()).toEqual({ ...adminView, ...flags });
      // Asked again, the answer is the same, date and all.
      expect(await listed()).toEqual({ ...adminView, ...flags });
      expect((await listed())?.createdAt).toBe(task.createdAt.toISOString());
    });

    test("the active list, kept between requests, follows every change to the tasks", async () => {
      const user = await t.makeUser();
      const headers = t.userHeaders(user.tgId);
      const active = async () => (await t.request("GET", "/api/tasks/active", { headers })).body as { id: number; title: string; completionCount: number }[];
      const admin = await t.adminHeaders();
      const created = (await t.request("POST", "/api/admin/tasks", { headers: admin, body: { kind: "custom", title: "Follow us", rewardUsdt: "0.1" } })).body;
      expect((await active()).map((x) => x.title)).toContain("Follow us");

      await complete(user.tgId, created.id);
      // A completion's count is no change to the tasks (PostgreSQL announces only changes to what
      // a completion cannot change, db/pg/migrations/0002; SQLite's count is written unheard): the
      // kept list shows the count as it was read until the next change to a task, and the admin's
      // list, read afresh, shows it at once.
      expect((await active()).find((x) => x.id === created.id)?.completionCount).toBe(0);
      expect(((await t.adminGet("/api/admin/tasks")).body as { id: number; completionCount: number }[]).find((x) => x.id === created.id)?.completionCount).toBe(1);

      await t.request("PATCH", `/api/admin/tasks/${created.id}`, { headers: admin, body: { isActive: false } });
      expect((await active()).map((x) => x.id)).not.toContain(created.id);

      // Another process writing the same database (a second server, a script) shows: on SQLite
      // within a second, on PostgreSQL as soon as its change notice arrives.
      const task = await t.makeTask({ title: "Before" });
      expect((await active()).map((x) => x.title)).toContain("Before");
      await t.elsewhere(sql`update tasks set title = 'Renamed elsewhere' where id = ${task.id}`);
      const waited = Date.now();
      await until("the rename to show", async () => (await active()).some((x) => x.title === "Renamed elsewhere"), 3_000);
      expect(Date.now() - waited).toBeLessThan(t.engine === "sqlite" ? 2_000 : 1_000);
    });
  });

  describe("admin task management", () => {
    test("create with the spec's defaults, edit, and toggle active", async () => {
      const headers = await t.adminHeaders();
      const created = await t.request("POST", "/api/admin/tasks", { headers, body: { title: "Check in" } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ kind: "daily_activity", rewardUsdt: "0.20", isActive: true, description: "" });
      const edited = await t.request("PATCH", `/api/admin/tasks/${created.body.id}`, { headers, body: { rewardUsdt: "0.35", isActive: false } });
      expect(edited.body).toMatchObject({ rewardUsdt: "0.35", isActive: false, title: "Check in" });
      const user = await t.makeUser();
      expect((await complete(user.tgId, created.body.id)).body.code).toBe("TASK_INACTIVE");
    });
  });
});
