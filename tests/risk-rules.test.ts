// The referral-farm defences through the API, on both engines: membership re-checked where money
// leaves, held referral bonuses and their release, payout limits, flagged withdrawals waiting in
// review, and an admin's clear and confirm (bans, refunds, reversals that never go below zero).
import { describe, expect } from "bun:test";
import { and, eq } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { adminEmail, adminPassword, forEachAppEngine, uniqueTgId, type TestApp } from "./support/app.ts";

const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
let wallets = 1;

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  let t: TestApp;
  let daily: number;
  let channel: number;

  async function setUp(env: Record<string, string> = {}) {
    t = await makeTestApp(env);
    t.setNow("2026-03-10T10:00:00Z");
    daily = (await t.makeTask()).id;
    channel = (await t.makeTask({ kind: "follow_channel", title: "Join", reward: usdt("0.5") })).id;
  }

  const complete = (tgId: number, taskId: number) => t.request("POST", `/api/tasks/${taskId}/complete`, { headers: t.userHeaders(tgId) });
  const me = async (tgId: number) => (await t.request("GET", "/api/me", { headers: t.userHeaders(tgId) })).body;
  const withdraw = (tgId: number, amount: string) => t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(tgId), body: { amount } });
  /** As an admin signed in now: the tests move the clock past a token's lifetime. */
  async function admin(method: string, path: string, body?: unknown) {
    const login = await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } });
    return t.request(method, path, { headers: { authorization: `Bearer ${login.body.token}` }, body });
  }

  /** A referred user who joins the channel and does the daily task on two days. */
  async function qualify(tgId: number) {
    const day = t.now();
    await complete(tgId, channel);
    await complete(tgId, daily);
    t.setNow(new Date(day.getTime() + 24 * 3_600_000));
    const last = await complete(tgId, daily);
    t.setNow(day);
    return last;
  }

  /** A user with a wallet and `balance` USDT from an admin credit. */
  async function funded(balance: string, profile = {}) {
    const user = await t.makeUser(profile);
    await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: wallet(wallets++) } });
    await admin("POST", `/api/admin/users/${user.id}/adjust`, { amount: balance, reason: "test" });
    return user;
  }

  describe("membership where money leaves", () => {
    test("a user who joined and left the channel is asked to rejoin, and nothing is debited", async () => {
      await setUp();
      const user = await funded("30");
      t.setMember(true);
      await complete(user.tgId, channel);
      t.setMember(false);
      const refused = await withdraw(user.tgId, "12");
      expect(refused).toMatchObject({ status: 409, body: { code: "NOT_IN_CHANNEL" } });
      expect((await me(user.tgId)).balanceUsdt).toBe("30.50");
      expect(await t.rows("withdrawals")).toEqual([]);
      t.setMember(true);
      expect((await withdraw(user.tgId, "12")).status).toBe(201);
    });

    test("a referral does not qualify while the referred user is out of the channel, and does once they are back", async () => {
      await setUp();
      const referrer = await t.makeUser();
      const friend = await t.makeUser({}, referrer.refCode);
      await complete(friend.tgId, channel);
      await complete(friend.tgId, daily);
      t.setMember(false);
      t.setNow("2026-03-11T10:00:00Z");
      expect((await complete(friend.tgId, daily)).status).toBe(200);
      expect((await t.userRow(referrer.id)).qualifiedReferrals).toBe(0);
      t.setMember(true);
      t.setNow("2026-03-12T10:00:00Z");
      await complete(friend.tgId, daily);
      expect((await t.userRow(referrer.id)).qualifiedReferrals).toBe(1);
      expect((await t.userRow(referrer.id)).balance).toBe(usdt("0.2"));
    });
  });

  describe("held referral bonuses", () => {
    test("a held bonus shows apart from the balance and is paid when its hold ends with the friend still in the channel", async () => {
      await setUp({ REFERRAL_HOLD_HOURS: "72" });
      const referrer = await t.makeUser();
      const friend = await t.makeUser({}, referrer.refCode);
      await qualify(friend.tgId);
      expect(await me(referrer.tgId)).toMatchObject({ balanceUsdt: "0.00", heldUsdt: "0.20" });
      expect(await t.notices()).toContainEqual(expect.objectContaining({ kind: "referral_qualified", tgId: referrer.tgId, heldHours: 72 }));
      expect(await t.rows("referralHolds")).toMatchObject([{ referrerId: referrer.id, referredId: friend.id, status: "held", amount: usdt("0.2") }]);

      // Not yet due: nothing moves.
      t.setNow("2026-03-12T10:00:00Z");
      expect((await admin("POST", "/api/admin/risk/holds/release")).body).toEqual({ released: 0, forfeited: 0, kept: 0, unchecked: 0 });
      t.setNow("2026-03-14T10:00:01Z");
      expect((await admin("POST", "/api/admin/risk/holds/release")).body).toEqual({ released: 1, forfeited: 0, kept: 0, unchecked: 0 });
      expect(await me(referrer.tgId)).toMatchObject({ balanceUsdt: "0.20", heldUsdt: "0.00" });
      // A second run pays nothing again.
      expect((await admin("POST", "/api/admin/risk/holds/release")).body).toEqual({ released: 0, forfeited: 0, kept: 0, unchecked: 0 });
      expect((await t.checkLedger()).problems).toEqual([]);
    });

    test("a friend who left before the end forfeits the bonus; a held bonus cannot be withdrawn", async () => {
      await setUp({ REFERRAL_HOLD_HOURS: "24", RISK_FLAG_SCORE: "60" });
      const referrer = await funded("10");
      const friend = await t.makeUser({}, referrer.refCode);
      await qualify(friend.tgId);
      expect((await withdraw(referrer.tgId, "10.20")).body.code).toBe("INSUFFICIENT_BALANCE");
      t.setMember(false);
      t.setNow("2026-03-13T10:00:00Z");
      expect((await admin("POST", "/api/admin/risk/holds/release")).body).toEqual({ released: 0, forfeited: 1, kept: 0, unchecked: 0 });
      expect(await me(referrer.tgId)).toMatchObject({ balanceUsdt: "10.00", heldUsdt: "0.00" });
      expect((await t.rows("riskSignals", (s) => eq(s.userId, friend.id))).map((s) => s.name)).toContain("left_after_qualifying");
      expect((await t.checkLedger()).problems).toEqual([]);
    });
  });

  describe("payout limits", () => {
    test("a user's daily amount and the day's total are kept; a rejected request frees its share", async () => {
      await setUp({ PAYOUT_USER_DAILY_LIMIT: "25", PAYOUT_DAILY_LIMIT: "40" });
      const a = await funded("100");
      const b = await funded("100");
      expect((await withdraw(a.tgId, "20")).status).toBe(201);
      const [first] = await t.rows("withdrawals");
      await admin("PATCH", `/api/admin/withdrawals/${first!.id}/approve`);
      await admin("PATCH", `/api/admin/withdrawals/${first!.id}/paid`, { txHash: `0x${"1".repeat(64)}` });
      const over = await withdraw(a.tgId, "10");
      expect(over).toMatchObject({ status: 409, body: { code: "PAYOUT_LIMIT", left: "5.00" } });
      expect(over.body.message).toContain("25 USDT a day");
      const c = await funded("100");
      const second = await withdraw(b.tgId, "20");
      expect(second.status).toBe(201);
      const global = await withdraw(c.tgId, "10");
      expect(global).toMatchObject({ status: 409, body: { code: "PAYOUT_LIMIT" } });
      expect(global.body.message).toContain("try again tomorrow");
      await admin("PATCH", `/api/admin/withdrawals/${second.body.id}/reject`, { reason: "wrong address" });
      expect((await withdraw(c.tgId, "10")).status).toBe(201);
      // A new day starts both counts again.
      t.setNow("2026-03-11T10:00:00Z");
      expect((await withdraw(a.tgId, "10")).status).toBe(201);
      expect((await t.checkLedger()).problems).toEqual([]);
    });
  });

  describe("review and decisions", () => {
    /** A referrer flagged by a burst of young, bare sign-ups from one client, and its farm. */
    async function farm(size: number) {
      const referrer = await funded("30");
      const accounts = [];
      for (let i = 0; i < size; i++) {
        const tgId = 8_000_000_000 + uniqueTgId();
        const launch = await t.request("GET", "/api/me", {
          headers: { "x-telegram-init-data": t.initDataFor({ tgId, firstName: `Farm${i}` }, referrer.refCode), "user-agent": "FarmPhone/1.0" },
          from: "203.0.113.9",
        });
        expect(launch.status).toBe(200);
        accounts.push({ id: launch.body.id as number, tgId });
      }
      return { referrer, accounts };
    }

    test("private and loopback addresses, what a server behind an untrusted proxy sees, are not clients", async () => {
      await setUp({ RISK_FLAG_SCORE: "60" });
      const referrer = await t.makeUser();
      for (const from of ["10.0.0.7", "127.0.0.1", "192.168.1.20", "::1", "10.0.0.7"]) {
        const tgId = uniqueTgId();
        await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId, username: `u${tgId}` }, referrer.refCode), "user-agent": "Phone" }, from });
      }
      expect(await t.rows("clientSightings")).toEqual([]);
      expect((await t.userRow(referrer.id)).riskStatus).toBeNull();
    });

    test("a flagged user's withdrawal waits in review; clearing sends it to the pending queue", async () => {
      await setUp({ RISK_FLAG_SCORE: "60" });
      const { referrer } = await farm(12);
      expect((await t.userRow(referrer.id)).riskStatus).toBe("flagged");
      const asked = await withdraw(referrer.tgId, "15");
      expect(asked.body.status).toBe("review");
      expect((await admin("GET", "/api/admin/withdrawals?status=pending")).body).toEqual([]);
      expect((await admin("GET", "/api/admin/withdrawals/counts")).body).toMatchObject({ review: 1, pending: 0 });

      const listed = (await admin("GET", "/api/admin/risk")).body;
      const mine = listed.find((u: { userId: number }) => u.userId === referrer.id);
      expect(mine.score).toBeGreaterThanOrEqual(60);
      expect(mine.signals.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(["referral_burst", "young_referrals", "referrals_share_client"]));

      const cleared = await admin("POST", `/api/admin/risk/${referrer.id}/clear`);
      expect(cleared.body).toMatchObject({ status: "cleared", withdrawalToPending: asked.body.id });
      expect((await admin("GET", "/api/admin/withdrawals/counts")).body).toMatchObject({ review: 0, pending: 1 });
      expect((await admin("POST", `/api/admin/risk/${referrer.id}/clear`)).body.code).toBe("INVALID_STATE");
      const audit = await t.rows("adminAudit", (a) => and(eq(a.action, "risk.clear"), eq(a.targetId, referrer.id)));
      expect(audit).toHaveLength(1);
    });

    test("confirming fraud bans the farm the admin picks, refunds open withdrawals and reverses paid bonuses as far as the balance allows", async () => {
      await setUp({ RISK_FLAG_SCORE: "60" });
      const { referrer, accounts } = await farm(5);
      // Two of the farm qualify, paying 0.2 each at once (no hold).
      await qualify(accounts[0]!.tgId);
      await qualify(accounts[1]!.tgId);
      expect((await t.userRow(referrer.id)).balance).toBe(usdt("30.4"));
      const asked = await withdraw(referrer.tgId, "30.3");
      expect(asked.body.status).toBe("review");
      // The refund comes before the reversals, so both bonuses are taken back in full.
      const confirmed = await admin("POST", `/api/admin/risk/${referrer.id}/confirm`, { farm: [accounts[0]!.id, accounts[1]!.id, accounts[2]!.id] });
      expect(confirmed).toMatchObject({ status: 200 });
      expect(confirmed.body.banned).toEqual([referrer.id, accounts[0]!.id, accounts[1]!.id, accounts[2]!.id]);
      expect(confirmed.body.withdrawalsRefunded).toEqual([{ id: asked.body.id, userId: referrer.id, amount: "30.30" }]);
      expect(confirmed.body.bonusesReversed).toEqual([
        { referredId: accounts[0]!.id, referrerId: referrer.id, amount: "0.20" },
        { referredId: accounts[1]!.id, referrerId: referrer.id, amount: "0.20" },
      ]);
      expect(confirmed.body.notReversed).toEqual([]);
      const after = await t.userRow(referrer.id);
      expect(after).toMatchObject({ balance: usdt("30"), isBanned: true, riskStatus: "confirmed" });
      expect((await t.userRow(accounts[3]!.id)).isBanned).toBe(false);
      const reversals = await t.rows("ledger", (l) => and(eq(l.userId, referrer.id), eq(l.reason, "referral_reversal")));
      expect(reversals.map((r) => [r.type, r.amount])).toEqual([
        ["debit", usdt("0.2")],
        ["debit", usdt("0.2")],
      ]);
      expect(await t.rows("adminAudit", (a) => eq(a.action, "risk.confirm"))).toHaveLength(1);
      expect((await admin("POST", `/api/admin/risk/${referrer.id}/confirm`, {})).body.code).toBe("INVALID_STATE");
      expect((await t.checkLedger()).problems).toEqual([]);
    });

    test("what was already paid out is reported, never taken below zero; a stranger is not part of the farm", async () => {
      await setUp({ RISK_FLAG_SCORE: "60" });
      const { referrer, accounts } = await farm(3);
      const stranger = await t.makeUser();
      expect((await admin("POST", `/api/admin/risk/${referrer.id}/confirm`, { farm: [stranger.id] })).body).toMatchObject({ code: "VALIDATION_FAILED" });
      await qualify(accounts[0]!.tgId);
      const asked = await withdraw(referrer.tgId, "30.2");
      await admin("PATCH", `/api/admin/withdrawals/${asked.body.id}/approve`);
      await admin("PATCH", `/api/admin/withdrawals/${asked.body.id}/paid`, { txHash: `0x${"2".repeat(64)}` });
      const confirmed = await admin("POST", `/api/admin/risk/${referrer.id}/confirm`, { farm: "all" });
      expect(confirmed.body.notReversed).toEqual([{ referredId: accounts[0]!.id, referrerId: referrer.id, amount: "0.20" }]);
      expect(confirmed.body.banned).toHaveLength(4);
      expect((await t.userRow(referrer.id)).balance).toBe(0);
      expect((await t.checkLedger()).problems).toEqual([]);
    });
  });
});
