// Referrals through the API, on both engines: binding a referrer at the first registration, the
// bonus when a referred user qualifies, and the 50-referral milestone.
import { describe, expect } from "bun:test";
import { eq } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { forEachAppEngine, uniqueTgId, type TestApp } from "./support/app.ts";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });

  const complete = (tgId: number, taskId: number) => t.request("POST", `/api/tasks/${taskId}/complete`, { headers: t.userHeaders(tgId) });
  const reasons = async (userId: number) => (await t.rows("ledger", (l) => eq(l.userId, userId))).map((e) => e.reason);

  /** A referred user who joins the channel and completes two daily tasks on two days. */
  async function qualify(tgId: number, daily: number, channel: number) {
    t.setNow("2026-03-10T10:00:00Z");
    await complete(tgId, channel);
    await complete(tgId, daily);
    t.setNow("2026-03-11T10:00:00Z");
    return complete(tgId, daily);
  }

  describe("referral binding", () => {
    test("the start parameter of the first registration binds the referrer, once", async () => {
      const referrer = await t.makeUser();
      const other = await t.makeUser();
      const tgId = uniqueTgId();
      const first = await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId }, referrer.refCode) } });
      expect(first.status).toBe(200);
      // A later launch with another code changes nothing.
      await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId }, other.refCode) } });
      expect(await t.rows("referrals")).toMatchObject([{ referredId: first.body.id, referrerId: referrer.id }]);
      expect((await t.userRow(referrer.id)).totalInvited).toBe(1);
      expect((await t.userRow(other.id)).totalInvited).toBe(0);
    });

    test("a user cannot refer themselves and an unknown code binds nothing", async () => {
      const self = await t.makeUser();
      await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId: self.tgId }, self.refCode) } });
      const stranger = await t.makeUser({}, "NOSUCHCODE");
      expect(stranger.id).toBeGreaterThan(0);
      expect(await t.rows("referrals")).toHaveLength(0);
    });
  });

  describe("qualification", () => {
    test("channel + 2 daily tasks pays the referrer 0.2 once, in the completing step", async () => {
      const referrer = await t.makeUser();
      const friend = await t.makeUser({}, referrer.refCode);
      const daily = (await t.makeTask()).id;
      const channel = (await t.makeTask({ kind: "follow_channel", reward: usdt("0.5") })).id;

      t.setNow("2026-03-10T10:00:00Z");
      await complete(friend.tgId, channel);
      await complete(friend.tgId, daily);
      expect((await t.userRow(referrer.id)).qualifiedReferrals).toBe(0);
      const recent = await t.request("GET", "/api/me/referrals/recent", { headers: t.userHeaders(referrer.tgId) });
      expect(recent.body[0]).toMatchObject({ id: friend.id, dailyTasksCompleted: 1, isQualified: false });

      t.setNow("2026-03-11T10:00:00Z");
      await complete(friend.tgId, daily);
      expect(await t.userRow(referrer.id)).toMatchObject({ qualifiedReferrals: 1, balance: usdt("0.2"), referralEarned: usdt("0.2") });
      expect(await reasons(referrer.id)).toEqual(["referral_bonus"]);
      expect(await t.notices()).toContainEqual(expect.objectContaining({ kind: "referral_qualified", tgId: referrer.tgId }));

      t.setNow("2026-03-12T10:00:00Z");
      await complete(friend.tgId, daily);
      expect(await reasons(referrer.id)).toEqual(["referral_bonus"]);
      const mine = await t.request("GET", "/api/me/referrals", { headers: t.userHeaders(referrer.tgId) });
      expect(mine.body).toMatchObject({ qualifiedCount: 1, targetCount: 50, rewardAmount: "10.00", totalInvited: 1, totalEarned: "0.20", refCode: referrer.refCode });
      expect(mine.body.referralLink).toBe(`https://t.me/refbot_demo_bot?start=${referrer.refCode}`);
    });

    test("daily tasks without the channel do not qualify", async () => {
      const referrer = await t.makeUser();
      const friend = await t.makeUser({}, referrer.refCode);
      const daily = (await t.makeTask()).id;
      for (const day of ["10", "11", "12"]) {
        t.setNow(`2026-03-${day}T10:00:00Z`);
        await complete(friend.tgId, daily);
      }
      expect((await t.userRow(referrer.id)).qualifiedReferrals).toBe(0);
      expect(await reasons(referrer.id)).toEqual([]);
    });

    test("the 50th qualified referral pays the 10 USDT milestone once", async () => {
      const referrer = await t.makeUser();
      const daily = (await t.makeTask()).id;
      const channel = (await t.makeTask({ kind: "follow_channel", reward: 0 })).id;
      for (let i = 0; i < 51; i++) {
        const friend = await t.makeUser({}, referrer.refCode);
        await qualify(friend.tgId, daily, channel);
      }
      const row = await t.userRow(referrer.id);
      expect(row.qualifiedReferrals).toBe(51);
      const all = await reasons(referrer.id);
      expect(all.filter((r) => r === "referral_bonus")).toHaveLength(51);
      expect(all.filter((r) => r === "referral_milestone")).toHaveLength(1);
      expect(row.balance).toBe(51 * usdt("0.2") + usdt("10"));
    });
  });
});
