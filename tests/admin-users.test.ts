// What admins do with users: find them, page through them, ban and unban, adjust balances, and
// read a user's ledger, referrals and activity; every action leaves an audit row. On both engines.
import { describe, expect } from "bun:test";
import { addAdmin } from "@/domain/admins.ts";
import { usdt } from "@/domain/money.ts";
import { toChecksumAddress } from "@/domain/wallet.ts";
import { eq } from "@/db/ops.ts";
import { adminEmail, adminPassword, forEachAppEngine, uniqueTgId, type TestApp } from "./support/app.ts";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeEach(async () => {
    t = await makeTestApp();
    admin = await t.adminHeaders();
  });

  const get = (path: string) => t.request("GET", path, { headers: admin });
  /** A fresh token at the current (moved) clock: a token lives 12 hours. */
  async function signInAgain() {
    const res = await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } });
    admin = { authorization: `Bearer ${res.body.token}` };
  }
  const post = (path: string, body?: unknown) => t.request("POST", path, { headers: admin, body });
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  const ledgerOf = (userId: number) => t.rows("ledger", (l) => eq(l.userId, userId));
  const auditRows = () => t.rows("adminAudit");

  /** A user who signs in through the app (so the profile stays as registered). */
  async function appUser(username?: string) {
    const tgId = uniqueTgId();
    const headers = { "x-telegram-init-data": t.initDataFor({ tgId, username }) };
    const me = (await t.request("GET", "/api/me", { headers })).body;
    return { id: me.id as number, tgId, headers };
  }

  describe("search", () => {
    test("by username prefix, case-insensitive, with or without @", async () => {
      const alice = await t.makeUser({ username: "Alice_W" });
      const alicia = await t.makeUser({ username: "alicia" });
      await t.makeUser({ username: "bob" });
      await t.makeUser({ username: "malice" }); // contains "alic" but does not start with it
      await t.makeUser({ username: null });
      for (const q of ["ali", "ALI", "@ali", "@ALIC", "  ali  "]) {
        const res = await get(`/api/admin/users?search=${encodeURIComponent(q)}`);
        expect(res.status).toBe(200);
        expect(ids(res.body).sort()).toEqual([alice.id, alicia.id].sort());
      }
      expect(ids((await get("/api/admin/users?search=alice_w")).body)).toEqual([alice.id]);
      expect((await get("/api/admin/users?search=alicez")).body).toEqual([]);
      expect((await get("/api/admin/users?search=lice")).body).toEqual([]);
    });

    test("by Telegram id, exactly", async () => {
      const a = await t.makeUser();
      await t.makeUser();
      const res = await get(`/api/admin/users?search=${a.tgId}`);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ id: a.id, tgId: a.tgId });
      expect((await get(`/api/admin/users?search=${String(a.tgId).slice(0, 4)}`)).body).toEqual([]);
      expect((await get("/api/admin/users?search=999999999999")).body).toEqual([]);
    });

    test("by wallet address, full or prefix, in any case", async () => {
      const withWallet = await appUser();
      const other = await appUser();
      const address = toChecksumAddress(`0x${"ab12cd34ef".repeat(4)}`);
      const otherAddress = toChecksumAddress(`0x${"ab99".repeat(10)}`);
      expect((await t.request("POST", "/api/me/wallet", { headers: withWallet.headers, body: { address } })).status).toBe(200);
      expect((await t.request("POST", "/api/me/wallet", { headers: other.headers, body: { address: otherAddress } })).status).toBe(200);
      for (const q of [address, address.toLowerCase(), `0x${address.slice(2).toUpperCase()}`, address.slice(0, 8), address.slice(0, 8).toUpperCase()]) {
        const res = await get(`/api/admin/users?search=${q}`);
        expect({ q, ids: ids(res.body) }).toEqual({ q, ids: [withWallet.id] });
        expect(res.body[0].walletBep20).toBe(address);
      }
      // A prefix both share finds both.
      expect(ids((await get("/api/admin/users?search=0xAB")).body).sort()).toEqual([withWallet.id, other.id].sort());
      expect((await get("/api/admin/users?search=0xab13")).body).toEqual([]);
    });

    test("an empty search lists everyone, newest first, and the answer has the AdminUser shape", async () => {
      const users = [await t.makeUser(), await t.makeUser(), await t.makeUser()];
      const res = await get("/api/admin/users?search=");
      expect(ids(res.body)).toEqual(ids(users).reverse());
      expect(Object.keys(res.body[0]).sort()).toEqual(
        [
          "id", "tgId", "username", "firstName", "lastName", "refCode", "walletBep20", "balanceUsdt", "createdAt", "currentStreak",
          "qualifiedReferrals", "totalInvited", "targetReferrals", "earnedToday", "totalEarned", "tasksCompleted", "isBanned", "banReason",
          "isActive", "channelJoined", "lastActivityAt", "heldUsdt", "riskScore", "riskStatus",
        ].sort(),
      );
    });
  });

  describe("pagination", () => {
    test("before=<id> continues the newest-first list with no gap and no repeat", async () => {
      const created = await t.makeUsers(7);
      const expected = ids(created).reverse();
      const seen: number[] = [];
      let before: number | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await get(`/api/admin/users?limit=3${before ? `&before=${before}` : ""}`);
        expect(res.status).toBe(200);
        if (res.body.length === 0) break;
        expect(res.body.length).toBeLessThanOrEqual(3);
        seen.push(...ids(res.body));
        before = res.body.at(-1).id;
      }
      expect(seen).toEqual(expected);
      expect((await get(`/api/admin/users?before=${created[0]!.id}`)).body).toEqual([]);
    });

    test("limit caps the page and defaults to 50", async () => {
      for (let i = 0; i < 55; i++) await t.makeUser();
      expect((await get("/api/admin/users")).body).toHaveLength(50);
      expect((await get("/api/admin/users?limit=200")).body).toHaveLength(55);
      expect((await get("/api/admin/users?limit=1")).body).toHaveLength(1);
    });
  });

  describe("ban and unban", () => {
    test("a banned user reads but cannot complete tasks or withdraw; unban restores both", async () => {
      const u = await appUser("banme");
      const task = await t.makeTask({ reward: usdt("0.5") });
      const address = toChecksumAddress(`0x${"7".repeat(40)}`);
      await t.request("POST", "/api/me/wallet", { headers: u.headers, body: { address } });
      await post(`/api/admin/users/${u.id}/adjust`, { amount: "20", reason: "seed" });

      const ban = await post(`/api/admin/users/${u.id}/ban`, { reason: "  multi-accounting  " });
      expect(ban.status).toBe(200);
      expect(ban.body).toMatchObject({ id: u.id, isBanned: true, banReason: "multi-accounting" });

      const ledgerBefore = (await ledgerOf(u.id)).length;
      const complete = await t.request("POST", `/api/tasks/${task.id}/complete`, { headers: u.headers });
      expect(complete).toEqual({ status: 403, body: { message: expect.any(String), code: "USER_BANNED" } });
      const withdraw = await t.request("POST", "/api/me/withdraw", { headers: u.headers, body: { amount: "10" } });
      expect(withdraw).toEqual({ status: 403, body: { message: expect.any(String), code: "USER_BANNED" } });
      expect(await ledgerOf(u.id)).toHaveLength(ledgerBefore);
      expect(await t.userRow(u.id)).toMatchObject({ balance: usdt("20"), tasksCompleted: 0 });

      for (const path of ["/api/me", "/api/me/balance", "/api/me/activity", "/api/me/withdrawals", "/api/tasks/active"]) {
        expect({ path, status: (await t.request("GET", path, { headers: u.headers })).status }).toEqual({ path, status: 200 });
      }
      expect((await t.request("GET", "/api/me", { headers: u.headers })).body).toMatchObject({ isBanned: true, balanceUsdt: "20.00" });

      const unban = await post(`/api/admin/users/${u.id}/unban`);
      expect(unban.body).toMatchObject({ isBanned: false, banReason: null });
      expect((await t.request("POST", `/api/tasks/${task.id}/complete`, { headers: u.headers })).body).toMatchObject({ reward: "0.50", balance: "20.50" });
      expect((await t.request("POST", "/api/me/withdraw", { headers: u.headers, body: { amount: "10" } })).status).toBe(201);
      expect((await t.userRow(u.id)).balance).toBe(usdt("10.5"));
    });

    test("a ban without a reason stores none", async () => {
      const u = await t.makeUser();
      expect((await post(`/api/admin/users/${u.id}/ban`)).body).toMatchObject({ isBanned: true, banReason: null });
      expect((await post(`/api/admin/users/${u.id}/ban`, {})).body).toMatchObject({ isBanned: true, banReason: null });
    });
  });

  describe("adjust", () => {
    test("a credit and a debit write admin_adjustment ledger rows with the reason as note", async () => {
      const u = await t.makeUser();
      const credit = await post(`/api/admin/users/${u.id}/adjust`, { amount: "2", reason: "  support ticket #12  " });
      expect(credit.status).toBe(200);
      expect(credit.body.user).toMatchObject({ id: u.id, balanceUsdt: "2.00", totalEarned: "0.00" });
      expect(credit.body.entry).toMatchObject({ type: "credit", reason: "admin_adjustment", amount: "2.00", note: "support ticket #12" });

      const debit = await post(`/api/admin/users/${u.id}/adjust`, { amount: "-1.50", reason: "duplicate reward" });
      expect(debit.status).toBe(200);
      expect(debit.body.user.balanceUsdt).toBe("0.50");
      expect(debit.body.entry).toMatchObject({ type: "debit", reason: "admin_adjustment", amount: "1.50", note: "duplicate reward" });

      // A JSON number works too.
      expect((await post(`/api/admin/users/${u.id}/adjust`, { amount: 0.25, reason: "n" })).body.user.balanceUsdt).toBe("0.75");

      expect((await ledgerOf(u.id)).map((e) => [e.type, e.reason, e.amount, e.note])).toEqual([
        ["credit", "admin_adjustment", usdt("2"), "support ticket #12"],
        ["debit", "admin_adjustment", usdt("1.5"), "duplicate reward"],
        ["credit", "admin_adjustment", usdt("0.25"), "n"],
      ]);
      expect((await t.userRow(u.id)).balance).toBe(usdt("0.75"));
    });

    test("a debit larger than the balance is 409 INSUFFICIENT_BALANCE and writes nothing", async () => {
      const u = await t.makeUser();
      await post(`/api/admin/users/${u.id}/adjust`, { amount: "1", reason: "seed" });
      const ledgerBefore = await ledgerOf(u.id);
      const auditBefore = (await auditRows()).length;
      const res = await post(`/api/admin/users/${u.id}/adjust`, { amount: "-1.01", reason: "too much" });
      expect(res).toEqual({ status: 409, body: { message: expect.any(String), code: "INSUFFICIENT_BALANCE" } });
      expect(await ledgerOf(u.id)).toEqual(ledgerBefore);
      expect(await auditRows()).toHaveLength(auditBefore);
      expect((await t.userRow(u.id)).balance).toBe(usdt("1"));
      // Exactly the balance is fine and leaves zero.
      expect((await post(`/api/admin/users/${u.id}/adjust`, { amount: "-1", reason: "all" })).body.user.balanceUsdt).toBe("0.00");
    });
  });

  describe("audit", () => {
    test("ban, unban, adjust and every withdrawal action record the admin who did it; GET /api/admin/audit lists them newest first", async () => {
      // A second admin, so the recorded id is the actor's and not simply the first admin's.
      const second = await addAdmin(t.deps, "second@refbot.test", "another long password");
      const login = await t.request("POST", "/api/auth/login", { body: { email: "second@refbot.test", password: "another long password" } });
      const secondHeaders = { authorization: `Bearer ${login.body.token}` };

      const u = await appUser("audited");
      const v = await appUser("audited2");
      const auditStart = (await auditRows()).length;
      await t.request("POST", "/api/me/wallet", { headers: u.headers, body: { address: toChecksumAddress(`0x${"1".repeat(40)}`) } });
      await t.request("POST", "/api/me/wallet", { headers: v.headers, body: { address: toChecksumAddress(`0x${"2".repeat(40)}`) } });

      const as = (headers: Record<string, string>, method: string, path: string, body?: unknown) => t.request(method, path, { headers, body });
      expect((await as(admin, "POST", `/api/admin/users/${u.id}/adjust`, { amount: "30", reason: "seed u" })).status).toBe(200);
      expect((await as(secondHeaders, "POST", `/api/admin/users/${v.id}/adjust`, { amount: "30", reason: "seed v" })).status).toBe(200);
      const w1 = (await t.request("POST", "/api/me/withdraw", { headers: u.headers, body: { amount: "10" } })).body.id;
      const w2 = (await t.request("POST", "/api/me/withdraw", { headers: v.headers, body: { amount: "10" } })).body.id;
      expect((await as(secondHeaders, "PATCH", `/api/admin/withdrawals/${w1}/approve`)).status).toBe(200);
      expect((await as(admin, "PATCH", `/api/admin/withdrawals/${w1}/paid`, { txHash: `0x${"c".repeat(64)}` })).status).toBe(200);
      expect((await as(secondHeaders, "PATCH", `/api/admin/withdrawals/${w2}/reject`, { reason: "suspicious" })).status).toBe(200);
      expect((await as(secondHeaders, "POST", `/api/admin/users/${u.id}/ban`, { reason: "bot" })).status).toBe(200);
      expect((await as(admin, "POST", `/api/admin/users/${u.id}/unban`)).status).toBe(200);
      // A refused action records nothing.
      expect((await as(admin, "PATCH", `/api/admin/withdrawals/${w1}/approve`)).status).toBe(409);

      const first = t.admin.id;
      const expected = [
        [first, "user.adjust", "user", u.id],
        [second.id, "user.adjust", "user", v.id],
        [second.id, "withdrawal.approve", "withdrawal", w1],
        [first, "withdrawal.paid", "withdrawal", w1],
        [second.id, "withdrawal.reject", "withdrawal", w2],
        [second.id, "user.ban", "user", u.id],
        [first, "user.unban", "user", u.id],
      ];
      const rows = (await auditRows()).slice(auditStart);
      expect(rows.map((r) => [r.adminId, r.action, r.targetType, r.targetId])).toEqual(expected);
      expect(rows.every((r) => r.createdAt.getTime() === t.now().getTime())).toBe(true);
      expect(rows[0]!.detail).toEqual({ amount: "30.00", reason: "seed u" });
      expect(rows[4]!.detail).toMatchObject({ reason: "suspicious", amount: "10.00" });

      const listed = await get("/api/admin/audit?limit=7");
      expect(listed.status).toBe(200);
      expect(listed.body.map((r: any) => [r.adminId, r.action, r.targetType, r.targetId])).toEqual([...expected].reverse());
      expect(listed.body[0]).toEqual({
        id: expect.any(Number),
        adminId: first,
        adminEmail,
        action: "user.unban",
        targetType: "user",
        targetId: u.id,
        detail: { reason: null },
        createdAt: t.now().toISOString(),
      });
      expect(listed.body[1].adminEmail).toBe("second@refbot.test");
      expect((await get("/api/admin/audit")).body.length).toBe((await auditRows()).length);
    });
  });

  describe("a user's balance, referrals and activity", () => {
    test("/balance lists the ledger newest first with limit", async () => {
      const u = await appUser();
      const task = await t.makeTask({ reward: usdt("0.2") });
      await t.request("POST", `/api/tasks/${task.id}/complete`, { headers: u.headers });
      await post(`/api/admin/users/${u.id}/adjust`, { amount: "-0.05", reason: "rounding" });
      const res = await get(`/api/admin/users/${u.id}/balance`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { id: expect.any(Number), type: "debit", reason: "admin_adjustment", amount: "0.05", createdAt: t.now().toISOString(), note: "rounding" },
        { id: expect.any(Number), type: "credit", reason: "daily_task", amount: "0.20", createdAt: t.now().toISOString(), note: null },
      ]);
      expect(res.body[0].id).toBeGreaterThan(res.body[1].id);
      expect((await get(`/api/admin/users/${u.id}/balance?limit=1`)).body).toEqual([res.body[0]]);
      expect((await get(`/api/admin/users/${u.id}`)).body.balanceUsdt).toBe("0.15");
    });

    test("/referrals counts invited and qualified friends", async () => {
      const referrer = await t.makeUser();
      const daily = await t.makeTask({ kind: "daily_activity" });
      const channel = await t.makeTask({ kind: "follow_channel", title: "Join" });
      // Set before the init data is signed: data dated ahead of the server's clock is refused.
      t.setNow("2026-03-10T10:00:00Z");
      const friend = (profile: { username?: string; firstName?: string }) => {
        const tgId = uniqueTgId();
        return { tgId, headers: { "x-telegram-init-data": t.initDataFor({ tgId, ...profile }, referrer.refCode) } };
      };
      const a = friend({ username: "qualifier" });
      // No username: the answer keeps username null and gives the first name for clients to show.
      const b = friend({ firstName: "Ida" });
      const aId = (await t.request("GET", "/api/me", { headers: a.headers })).body.id;
      const bId = (await t.request("GET", "/api/me", { headers: b.headers })).body.id;
      await t.request("POST", `/api/tasks/${channel.id}/complete`, { headers: a.headers });
      await t.request("POST", `/api/tasks/${daily.id}/complete`, { headers: a.headers });
      t.setNow("2026-03-11T10:00:00Z");
      const a2 = { "x-telegram-init-data": t.initDataFor({ tgId: a.tgId, username: "qualifier" }, referrer.refCode) };
      await t.request("POST", `/api/tasks/${daily.id}/complete`, { headers: a2 });
      await signInAgain();

      const res = await get(`/api/admin/users/${referrer.id}/referrals`);
      expect(res.body).toEqual({
        qualifiedCount: 1,
        totalInvited: 2,
        referralLink: `https://t.me/refbot_demo_bot?start=${referrer.refCode}`,
        recentReferrals: [
          { id: bId, username: null, firstName: "Ida", isQualified: false, status: "pending" },
          { id: aId, username: "qualifier", firstName: "Test", isQualified: true, status: "qualified" },
        ],
      });
      expect((await get(`/api/admin/users/${referrer.id}`)).body).toMatchObject({ qualifiedReferrals: 1, totalInvited: 2, balanceUsdt: "0.20" });
    });

    test("/activity reports the streak, completions, last activity and recent movements", async () => {
      const u = await appUser();
      const daily = await t.makeTask({ reward: usdt("0.3"), title: "Check-in" });
      const custom = await t.makeTask({ kind: "custom", reward: usdt("1"), title: "Follow us" });
      t.setNow("2026-03-09T09:00:00Z");
      await t.request("POST", `/api/tasks/${daily.id}/complete`, { headers: { "x-telegram-init-data": t.initDataFor({ tgId: u.tgId }) } });
      t.setNow("2026-03-10T09:30:00Z");
      const headers = { "x-telegram-init-data": t.initDataFor({ tgId: u.tgId }) };
      await t.request("POST", `/api/tasks/${daily.id}/complete`, { headers });
      await t.request("POST", `/api/tasks/${custom.id}/complete`, { headers });
      await signInAgain();
      const res = await get(`/api/admin/users/${u.id}/activity`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ currentStreak: 2, tasksCompleted: 3, lastActivity: "2026-03-10T09:30:00.000Z" });
      expect(res.body.recentActivity.map((a: any) => [a.type, a.amount, a.time])).toEqual([
        ["custom_task", "1.00", "2026-03-10T09:30:00.000Z"],
        ["daily_task", "0.30", "2026-03-10T09:30:00.000Z"],
        ["daily_task", "0.30", "2026-03-09T09:00:00.000Z"],
      ]);
      // Codes only: the clients label a reason themselves (domain/labels.ts).
      expect(Object.keys(res.body.recentActivity[0]).sort()).toEqual(["amount", "direction", "time", "type"]);
      // The user's own list keeps the spec's title, the English label of its type.
      expect((await t.request("GET", "/api/me/activity", { headers })).body.map((a: any) => [a.type, a.title])).toEqual([
        ["custom_task", "Task Reward"],
        ["daily_task", "Daily Task Reward"],
        ["daily_task", "Daily Task Reward"],
      ]);
      // Two days later with no daily task the streak has lapsed.
      t.setNow("2026-03-12T09:00:00Z");
      await signInAgain();
      expect((await get(`/api/admin/users/${u.id}/activity`)).body.currentStreak).toBe(0);
    });
  });
});
