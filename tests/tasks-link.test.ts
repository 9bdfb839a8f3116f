// Link tasks: the user opens the task's URL, waits its waitSeconds, then claims the reward once.
// Time is the test app's settable clock throughout. On both engines.
import { describe, expect } from "bun:test";
import { eq } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { forEachAppEngine, type TestApp } from "./support/app.ts";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });

  const open = (tgId: number, taskId: number) => t.request("POST", `/api/tasks/${taskId}/open`, { headers: t.userHeaders(tgId) });
  const complete = (tgId: number, taskId: number) => t.request("POST", `/api/tasks/${taskId}/complete`, { headers: t.userHeaders(tgId) });
  const listed = async (tgId: number, taskId: number) =>
    ((await t.request("GET", "/api/tasks/active", { headers: t.userHeaders(tgId) })).body as { id: number }[]).find((x) => x.id === taskId) as Record<string, unknown>;
  const linkTask = (waitSeconds = 20) => t.makeTask({ kind: "link", title: "Follow us on X", reward: usdt("0.3"), url: "https://x.com/refbot", waitSeconds });

  describe("link task", () => {
    test("created by an admin; opened, waited for and claimed by the user; paid once", async () => {
      const created = await t.request("POST", "/api/admin/tasks", {
        headers: await t.adminHeaders(),
        body: { kind: "link", title: "Follow us on X", rewardUsdt: "0.3", url: "https://x.com/refbot", waitSeconds: 20 },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ kind: "link", url: "https://x.com/refbot", waitSeconds: 20, rewardUsdt: "0.30" });
      const task = created.body as { id: number };
      const user = await t.makeUser();
      expect(await listed(user.tgId, task.id)).toMatchObject({ url: "https://x.com/refbot", waitSeconds: 20, isCompleted: false, openedAt: null, claimableAt: null });

      const unopened = await complete(user.tgId, task.id);
      expect(unopened).toEqual({ status: 409, body: { code: "TASK_NOT_OPENED", message: "Open the link first, then claim the reward" } });

      t.setNow("2026-03-10T12:00:00Z");
      const opened = await open(user.tgId, task.id);
      const times = { openedAt: "2026-03-10T12:00:00.000Z", claimableAt: "2026-03-10T12:00:20.000Z" };
      expect(opened).toEqual({ status: 200, body: { taskId: task.id, ...times, secondsLeft: 20 } });
      // The list was kept for this user before the open; the open shows at once.
      expect(await listed(user.tgId, task.id)).toMatchObject({ ...times, isCompleted: false });

      t.setNow("2026-03-10T12:00:03.500Z");
      const early = await complete(user.tgId, task.id);
      expect(early).toEqual({ status: 409, body: { code: "TASK_WAIT", message: "Wait 17 more seconds, then claim the reward", secondsLeft: 17 } });
      // Opening again keeps the first time, so the wait does not start over.
      expect((await open(user.tgId, task.id)).body).toEqual({ taskId: task.id, ...times, secondsLeft: 17 });
      t.setNow("2026-03-10T12:00:19.200Z");
      expect((await complete(user.tgId, task.id)).body).toMatchObject({ code: "TASK_WAIT", message: "Wait 1 more second, then claim the reward", secondsLeft: 1 });
      expect((await t.userRow(user.id)).balance).toBe(0);

      t.setNow("2026-03-10T12:00:20Z");
      const paid = await complete(user.tgId, task.id);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ reward: "0.30", balance: "0.30", streak: 0, task: { id: task.id, kind: "link", url: "https://x.com/refbot" } });
      const again = await complete(user.tgId, task.id);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("ALREADY_COMPLETED");

      const [completion] = await t.rows("taskCompletions", (c) => eq(c.userId, user.id));
      const rows = await t.rows("ledger", (l) => eq(l.userId, user.id));
      expect(rows.map((r) => ({ type: r.type, reason: r.reason, amount: r.amount, refId: r.refId }))).toEqual([
        { type: "credit", reason: "custom_task", amount: usdt("0.3"), refId: completion!.id },
      ]);
      expect(await t.userRow(user.id)).toMatchObject({ balance: usdt("0.3"), totalEarned: usdt("0.3"), tasksCompleted: 1 });
      expect(await listed(user.tgId, task.id)).toMatchObject({ ...times, isCompleted: true, completedToday: false });
    });

    test("simultaneous claims after the wait pay once", async () => {
      const user = await t.makeUser();
      const task = await linkTask(30);
      await open(user.tgId, task.id);
      t.setNow(new Date(t.now().getTime() + 30_000));
      const replies = await Promise.all(Array.from({ length: 8 }, () => complete(user.tgId, task.id)));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(7).fill("ALREADY_COMPLETED"));
      expect(await t.rows("ledger", (l) => eq(l.userId, user.id))).toHaveLength(1);
      expect((await t.userRow(user.id)).balance).toBe(usdt("0.3"));
    });

    test("a wait of 0 pays straight after the open; opens are per user", async () => {
      const [first, second] = [await t.makeUser(), await t.makeUser()];
      const task = await linkTask(0);
      expect((await open(first.tgId, task.id)).body.secondsLeft).toBe(0);
      expect((await complete(first.tgId, task.id)).status).toBe(200);
      expect((await complete(second.tgId, task.id)).body.code).toBe("TASK_NOT_OPENED");
    });

    test("only an active link task opens, and only for a user who may earn", async () => {
      const user = await t.makeUser();
      const custom = await t.makeTask({ kind: "custom" });
      expect(await open(user.tgId, custom.id)).toEqual({ status: 409, body: { code: "NOT_LINK_TASK", message: "This task has no link to open: complete it directly" } });
      const inactive = await t.makeTask({ kind: "link", url: "https://x.com/refbot", isActive: false });
      expect((await open(user.tgId, inactive.id)).body.code).toBe("TASK_INACTIVE");
      expect((await open(user.tgId, 99_999)).status).toBe(404);
      const task = await linkTask();
      await t.request("POST", `/api/admin/users/${user.id}/ban`, { headers: await t.adminHeaders(), body: { reason: "spam" } });
      expect((await open(user.tgId, task.id)).body.code).toBe("USER_BANNED");
      expect(await t.rows("taskOpens")).toEqual([]);
    });

    test("a task completed before it became a link task stays completed", async () => {
      const user = await t.makeUser();
      const task = await t.makeTask({ kind: "custom" });
      expect((await complete(user.tgId, task.id)).status).toBe(200);
      const edited = await t.request("PATCH", `/api/admin/tasks/${task.id}`, { headers: await t.adminHeaders(), body: { kind: "link", url: "https://x.com/refbot" } });
      expect(edited.body).toMatchObject({ kind: "link", url: "https://x.com/refbot", waitSeconds: 30 });
      expect((await complete(user.tgId, task.id)).body.code).toBe("ALREADY_COMPLETED");
    });
  });

  describe("admin input for link tasks", () => {
    const create = async (body: Record<string, unknown>) =>
      t.request("POST", "/api/admin/tasks", { headers: await t.adminHeaders(), body: { title: "Follow us on X", ...body } });
    const patch = async (id: number, body: Record<string, unknown>) => t.request("PATCH", `/api/admin/tasks/${id}`, { headers: await t.adminHeaders(), body });

    test("a link task needs an absolute http(s) URL and a wait of 0..3600 whole seconds", async () => {
      const refusals: [Record<string, unknown>, string][] = [
        [{ kind: "link" }, "url: is required for a link task"],
        [{ kind: "link", url: null }, "url: is required for a link task"],
        [{ kind: "link", url: "   " }, "url: is required for a link task"],
        [{ kind: "link", url: "x.com/refbot" }, "url: must be an absolute http:// or https:// URL"],
        [{ kind: "link", url: "ftp://x.com/refbot" }, "url: must be an absolute http:// or https:// URL"],
        [{ kind: "link", url: "javascript:alert(1)" }, "url: must be an absolute http:// or https:// URL"],
        [{ kind: "link", url: `https://x.com/${"a".repeat(2040)}` }, "url: must be at most 2048 characters"],
        [{ kind: "link", url: 42 }, "url: must be a URL"],
        [{ kind: "link", url: "https://x.com/refbot", waitSeconds: 3601 }, "waitSeconds: must be a whole number of seconds from 0 to 3600"],
        [{ kind: "link", url: "https://x.com/refbot", waitSeconds: -1 }, "waitSeconds: must be a whole number of seconds from 0 to 3600"],
        [{ kind: "link", url: "https://x.com/refbot", waitSeconds: 1.5 }, "waitSeconds: must be a whole number of seconds from 0 to 3600"],
        [{ kind: "link", url: "https://x.com/refbot", waitSeconds: "30" }, "waitSeconds: must be a whole number of seconds"],
        [{ kind: "custom", url: "https://x.com/refbot" }, "url: only link tasks have a URL"],
        [{ url: "https://x.com/refbot" }, "url: only link tasks have a URL"],
        [{ kind: "custom", waitSeconds: 30 }, "waitSeconds: only link tasks have a wait"],
      ];
      for (const [body, message] of refusals) {
        const reply = await create(body);
        expect({ body, status: reply.status, code: reply.body.code, message: reply.body.message }).toEqual({ body, status: 400, code: "VALIDATION_FAILED", message });
      }
      expect(await t.rows("tasks")).toEqual([]);

      expect((await create({ kind: "link", url: " https://x.com/refbot " })).body).toMatchObject({ url: "https://x.com/refbot", waitSeconds: 30 });
      expect((await create({ kind: "link", url: "http://example.org/a?b=c", waitSeconds: 3600 })).body).toMatchObject({ waitSeconds: 3600 });
      // Another kind's own values, as the API answers them, may be sent back.
      expect((await create({ kind: "custom", url: null, waitSeconds: 0 })).body).toMatchObject({ kind: "custom", url: null, waitSeconds: 0 });
    });

    test("edits keep a link task's URL and wait unless changed; a kind change to link needs a URL, away from it drops them", async () => {
      const link = (await create({ kind: "link", url: "https://x.com/refbot", waitSeconds: 45 })).body as { id: number };
      expect((await patch(link.id, { title: "Follow us" })).body).toMatchObject({ title: "Follow us", url: "https://x.com/refbot", waitSeconds: 45 });
      expect((await patch(link.id, { waitSeconds: 10 })).body).toMatchObject({ url: "https://x.com/refbot", waitSeconds: 10 });
      expect((await patch(link.id, { url: "https://t.me/refbot" })).body).toMatchObject({ url: "https://t.me/refbot", waitSeconds: 10 });
      expect((await patch(link.id, { url: null })).body).toMatchObject({ code: "VALIDATION_FAILED", message: "url: is required for a link task" });
      expect((await patch(link.id, { url: "mailto:a@b.c" })).body.message).toBe("url: must be an absolute http:// or https:// URL");
      expect((await patch(link.id, { kind: "custom" })).body).toMatchObject({ kind: "custom", url: null, waitSeconds: 0 });

      const custom = (await create({ kind: "custom" })).body as { id: number };
      const refused = await patch(custom.id, { kind: "link" });
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 400, message: "url: is required for a link task" });
      expect((await patch(custom.id, { url: "https://x.com/refbot" })).body.message).toBe("url: only link tasks have a URL");
      expect((await patch(custom.id, { kind: "link", url: "https://x.com/refbot" })).body).toMatchObject({ kind: "link", url: "https://x.com/refbot", waitSeconds: 30 });
      expect((await patch(99_999, { url: "https://x.com/refbot" })).status).toBe(404);
    });
  });
});
