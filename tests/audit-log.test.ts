// The audit log as the admin panel's Audit page and `refbot audit` read it: filtered by admin, by
// action or both, newest first, paged below the last id shown with nothing skipped or repeated;
// the admins the filter offers; bad filters refused. On both engines.
import { expect } from "bun:test";
import { addAdmin } from "@/domain/admins.ts";
import { auditActions } from "@/domain/audit-actions.ts";
import { adminEmail, forEachAppEngine, type TestApp } from "./support/app.ts";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let second: { id: number; email: string };
  beforeEach(async () => {
    t = await makeTestApp();
    admin = await t.adminHeaders();
    second = await addAdmin(t.deps, "second@refbot.test", "another long password");
  });

  const get = (path: string) => t.request("GET", path, { headers: admin });
  type Entry = { id: number; adminId: number | null; adminEmail: string | null; action: string; targetId: number | null };

  /** Every entry the filter passes, read page after page below the last id shown, as a client pages. */
  async function allPages(query: string, limit: number) {
    const seen: Entry[] = [];
    const sizes: number[] = [];
    for (let before: number | undefined; ; ) {
      const res = await get(`/api/admin/audit?${query}&limit=${limit}${before ? `&before=${before}` : ""}`);
      expect(res.status).toBe(200);
      const page = res.body as Entry[];
      sizes.push(page.length);
      seen.push(...page);
      if (page.length < limit) return { seen, sizes };
      before = page.at(-1)!.id;
    }
  }

  /** 60 entries, ten of each (admin, action) pair, written as the actions would write them, oldest first. */
  async function history() {
    const pairs = [
      [t.admin.id, "user.adjust"],
      [second.id, "user.adjust"],
      [second.id, "user.ban"],
      [t.admin.id, "withdrawal.paid"],
      [second.id, "withdrawal.reject"],
      [t.admin.id, "user.ban"],
    ] as const;
    const at = t.now();
    await t.insert(
      "adminAudit",
      Array.from({ length: 60 }, (_, i) => {
        const [adminId, action] = pairs[i % pairs.length]!;
        return { adminId, action, targetType: action.split(".")[0]!, targetId: 1000 + i, detail: { n: i }, createdAt: at };
      }),
    );
  }

  test("by admin: only what that admin did, newest first, paged below the last id with nothing skipped or repeated", async () => {
    await history();
    const everything = (await get("/api/admin/audit?limit=500")).body as Entry[];
    const bySecond = everything.filter((e) => e.adminId === second.id);
    expect(bySecond).toHaveLength(30);
    const { seen, sizes } = await allPages(`adminId=${second.id}`, 7);
    expect(sizes).toEqual([7, 7, 7, 7, 2]);
    expect(seen.map((e) => e.id)).toEqual(bySecond.map((e) => e.id));
    expect(seen.map((e) => e.id)).toEqual([...seen.map((e) => e.id)].sort((a, b) => b - a));
    expect(new Set(seen.map((e) => e.adminEmail))).toEqual(new Set(["second@refbot.test"]));
  });

  test("by action, and by admin and action together", async () => {
    await history();
    const bans = (await get("/api/admin/audit?action=user.ban&limit=500")).body as Entry[];
    expect(bans).toHaveLength(20);
    expect(new Set(bans.map((e) => e.action))).toEqual(new Set(["user.ban"]));
    expect(new Set(bans.map((e) => e.adminId))).toEqual(new Set([t.admin.id, second.id]));

    const { seen, sizes } = await allPages(`adminId=${t.admin.id}&action=user.ban`, 4);
    expect(sizes).toEqual([4, 4, 2]);
    expect(seen.map((e) => [e.adminEmail, e.action])).toEqual(Array(10).fill([adminEmail, "user.ban"]));
    expect(seen.map((e) => e.targetId)).toEqual(bans.filter((e) => e.adminId === t.admin.id).map((e) => e.targetId));

    expect((await get(`/api/admin/audit?adminId=${second.id}&action=withdrawal.paid`)).body).toEqual([]);
  });

  test("what the panel and the CLI do is found by its admin and action; the server's own entries only without an admin filter", async () => {
    const user = await t.makeUser();
    expect((await t.request("POST", `/api/admin/users/${user.id}/ban`, { headers: admin, body: { reason: "spam" } })).status).toBe(200);
    const [ban] = (await get(`/api/admin/audit?adminId=${t.admin.id}&action=user.ban`)).body as Entry[];
    expect(ban).toMatchObject({ adminId: t.admin.id, adminEmail, action: "user.ban", targetId: user.id });
    // Adding the second admin was recorded by no admin (the server did it).
    const added = (await get("/api/admin/audit?action=admin.add")).body as Entry[];
    expect(added.map((e) => [e.adminId, e.adminEmail, e.targetId])).toContainEqual([null, null, second.id]);
    expect((await get(`/api/admin/audit?adminId=${second.id}`)).body).toEqual([]);
  });

  test("the admins the filter offers: every account, oldest first", async () => {
    const res = await get("/api/admin/audit/admins");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: t.admin.id, email: adminEmail },
      { id: second.id, email: "second@refbot.test" },
    ]);
    expect((await t.request("GET", "/api/admin/audit/admins")).status).toBe(401);
  });

  test("a filter that names no action or no id is refused, naming it", async () => {
    for (const [query, field] of [
      ["action=user.delete", "action"],
      ["action=", "action"],
      ["adminId=abc", "adminId"],
      ["adminId=0", "adminId"],
    ] as const) {
      const res = await get(`/api/admin/audit?${query}`);
      expect({ query, status: res.status, code: res.body.code, named: String(res.body.message).startsWith(`${field}: `) }).toEqual({ query, status: 400, code: "VALIDATION_FAILED", named: true });
    }
    expect((await get("/api/admin/audit?action=user.delete")).body.message).toContain(auditActions[0]);
  });
});
