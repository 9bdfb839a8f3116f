// A referral farm as it arrives in the wild, and honest friends beside it, through the API on
// both engines: one referrer, 200 fresh accounts launching the mini app with signed init data from
// a handful of client addresses, channel membership asked of a Bot API server on loopback (the
// real grammY client), half the farm leaving the channel once qualified. The farm ends flagged
// and its bonuses held, and after the admin confirms it, reversed with the ledger check passing;
// the friends raise no flag.
import { afterAll, expect } from "bun:test";
import { and, eq, inArray } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { botApiMembershipChecker } from "@/bot/membership.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { startFakeTelegram } from "./support/fake-telegram.ts";
import { adminEmail, adminPassword, forEachAppEngine, uniqueTgId, type TestApp } from "./support/app.ts";

const telegram = startFakeTelegram();
afterAll(() => telegram.stop());

const env = { REFERRAL_HOLD_HOURS: "72", RISK_FLAG_SCORE: "60" };
const HOUR = 3_600_000;

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  let t: TestApp;

  async function setUp() {
    t = await makeTestApp(env);
    t.deps.membership = botApiMembershipChecker(botApi("123456:TEST", { apiRoot: telegram.apiRoot, timeoutSeconds: 5 }), "@refbot_channel");
    t.setNow("2026-03-10T08:00:00Z");
    const daily = (await t.makeTask()).id;
    const channel = (await t.makeTask({ kind: "follow_channel", title: "Join", reward: usdt("0.5") })).id;
    return { daily, channel };
  }

  async function admin(method: string, path: string, body?: unknown) {
    const login = await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } });
    return t.request(method, path, { headers: { authorization: `Bearer ${login.body.token}` }, body });
  }

  /** Opens the mini app as this account would: signed init data, from a client address and user agent. */
  const launch = (profile: { tgId: number; firstName: string; username?: string }, refCode: string, address: string, userAgent: string) =>
    t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor(profile, refCode), "user-agent": userAgent }, from: address });
  const complete = (tgId: number, taskId: number, address: string, userAgent: string) =>
    t.request("POST", `/api/tasks/${taskId}/complete`, { headers: { ...t.userHeaders(tgId), "user-agent": userAgent }, from: address });

  test(
    "a farm is flagged as it signs up, its bonuses stay held, and confirming it reverses them all",
    async () => {
      const { daily, channel } = await setUp();
      const farmer = await t.makeUser({ tgId: 400_000_000 + (uniqueTgId() % 1_000_000), username: "farmer" });
      telegram.members.add(farmer.tgId);
      await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(farmer.tgId), body: { address: `0x${"f".repeat(40)}` } });
      await admin("POST", `/api/admin/users/${farmer.id}/adjust`, { amount: "20", reason: "earlier payouts" });

      const clients = [1, 2, 3, 4, 5].map((n) => ({ address: `203.0.113.${n}`, userAgent: `Mozilla/5.0 (Linux; Android 13; SM-A13${n}F) Telegram-Android/11.2` }));
      const farm: { tgId: number; id: number; client: (typeof clients)[number] }[] = [];
      for (let i = 0; i < 200; i++) {
        // Fresh accounts: ids far above the farmer's, no username.
        const tgId = 7_900_000_000 + uniqueTgId();
        const client = clients[i % clients.length]!;
        const opened = await launch({ tgId, firstName: `Acc${i}` }, farmer.refCode, client.address, client.userAgent);
        expect(opened.status).toBe(200);
        farm.push({ tgId, id: opened.body.id, client });
        telegram.members.add(tgId);
        // The signals that need no waiting flag the farmer while the sign-ups arrive.
        if (i === 11) expect((await t.userRow(farmer.id)).riskStatus).toBe("flagged");
      }

      for (const account of farm) {
        await complete(account.tgId, channel, account.client.address, account.client.userAgent);
        await complete(account.tgId, daily, account.client.address, account.client.userAgent);
      }
      t.setNow("2026-03-11T08:00:00Z");
      for (const account of farm) expect((await complete(account.tgId, daily, account.client.address, account.client.userAgent)).status).toBe(200);
      const farmerRow = await t.userRow(farmer.id);
      expect(farmerRow).toMatchObject({ qualifiedReferrals: 200, balance: usdt("20"), heldBalance: usdt("50") }); // 200 × 0.2 and the 10 USDT milestone
      // Half the farm leaves the channel once paid for.
      for (const account of farm.filter((_, i) => i % 2 === 0)) telegram.members.delete(account.tgId);

      // The farmer asks for a payout: it waits in review.
      const asked = await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(farmer.tgId), body: { amount: "15" } });
      expect(asked.body.status).toBe("review");

      // The hold ends: the leavers forfeit, the rest stay held for the review.
      t.setNow(new Date(t.now().getTime() + 73 * HOUR));
      const release = await admin("POST", "/api/admin/risk/holds/release");
      expect(release.body).toMatchObject({ released: 0, forfeited: 100, kept: 101, unchecked: 0 });
      expect((await t.userRow(farmer.id)).heldBalance).toBe(usdt("30")); // 100 × 0.2 and the milestone still held
      expect((await t.userRow(farmer.id)).balance).toBe(usdt("5"));

      type Flagged = { userId: number; tgId: number; score: number; signals: { name: string; evidence: unknown }[] };
      const firstPage = (await admin("GET", "/api/admin/risk?limit=200")).body as Flagged[];
      const nextPage = (await admin("GET", `/api/admin/risk?limit=200&before=${firstPage.at(-1)!.userId}`)).body as Flagged[];
      const listed = [...firstPage, ...nextPage];
      expect(listed).toHaveLength(201);
      const farmerCase = listed.find((u) => u.userId === farmer.id)!;
      expect(farmerCase.signals.map((s) => s.name)).toEqual(expect.arrayContaining(["referral_burst", "young_referrals", "referrals_share_client", "referrals_left"]));
      expect(listed.filter((u) => farm.some((a) => a.id === u.userId)).every((u) => u.score >= 60)).toBe(true);
      const detail = (await admin("GET", `/api/admin/risk/${farmer.id}`)).body;
      expect(detail.referred).toHaveLength(200);

      const confirmed = await admin("POST", `/api/admin/risk/${farmer.id}/confirm`, { farm: "all" });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.banned).toHaveLength(201);
      expect(confirmed.body.holdsReversed).toHaveLength(101);
      expect(confirmed.body.withdrawalsRefunded).toEqual([{ id: asked.body.id, userId: farmer.id, amount: "15.00" }]);
      expect(await t.userRow(farmer.id)).toMatchObject({ balance: usdt("20"), heldBalance: 0, isBanned: true, riskStatus: "confirmed" });
      const bonuses = await t.rows("ledger", (l) => and(eq(l.userId, farmer.id), inArray(l.reason, ["referral_bonus", "referral_milestone"])));
      expect(bonuses).toEqual([]);
      expect((await t.checkLedger()).problems).toEqual([]);
    },
    240_000,
  );

  test(
    "friends joining over days from their own phones raise no flag, and their bonuses are paid when the hold ends",
    async () => {
      const { daily, channel } = await setUp();
      const host = await t.makeUser({ tgId: 300_000_000 + (uniqueTgId() % 1_000_000), username: "host" });
      const friends = [];
      for (let i = 0; i < 8; i++) {
        t.setNow(new Date(Date.parse("2026-03-10T08:00:00Z") + i * 26 * HOUR));
        // Ids around the host's cohort and a few newer, usernames mostly set.
        const tgId = 200_000_000 + i * 150_000_000 + (uniqueTgId() % 1000);
        const client = { address: `198.51.100.${10 + i}`, userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${i} like Mac OS X) Telegram-iOS` };
        const opened = await launch({ tgId, firstName: `Friend${i}`, username: i === 3 ? undefined : `friend_${i}` }, host.refCode, client.address, client.userAgent);
        telegram.members.add(tgId);
        friends.push({ tgId, id: opened.body.id, client });
        await complete(tgId, channel, client.address, client.userAgent);
        await complete(tgId, daily, client.address, client.userAgent);
        t.setNow(new Date(t.now().getTime() + 24 * HOUR));
        await complete(tgId, daily, client.address, client.userAgent);
      }
      const flagged = await t.rows("users", (u) => eq(u.riskStatus, "flagged"));
      expect(flagged).toEqual([]);
      t.setNow(new Date(t.now().getTime() + 73 * HOUR));
      expect((await admin("POST", "/api/admin/risk/holds/release")).body).toMatchObject({ released: 8, forfeited: 0, kept: 0 });
      expect(await t.userRow(host.id)).toMatchObject({ balance: usdt("1.6"), heldBalance: 0 });
      expect((await admin("GET", "/api/admin/withdrawals/counts")).body.review).toBe(0);
      expect((await t.checkLedger()).problems).toEqual([]);
    },
    120_000,
  );
});
