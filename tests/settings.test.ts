// The operator's settings through the API, on both engines: list, set, reset, refusals that change
// nothing, the audit of each change, and the rules, the mini app's configuration and the errors
// following a change while nothing already paid or requested moves.
import { describe, expect } from "bun:test";
import { eq } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { adminEmail, adminPassword, forEachAppEngine, type TestApp } from "./support/app.ts";

const wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });

  /** As the admin, signed in at the test's clock (a test that moves it days ahead outlives a session). */
  const admin = async (method: string, path: string, body?: unknown) => {
    const { token } = (await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } })).body;
    return t.request(method, path, { headers: { authorization: `Bearer ${token}` }, body });
  };
  const entry = (list: { key: string }[], key: string) => list.find((e) => e.key === key);
  const version = async () => {
    const rows = await t.rows("counters", (c) => eq(c.name, "settings_version"));
    return rows.reduce((sum, r) => sum + Number(r.value), 0);
  };
  const audits = async () => (await t.rows("adminAudit")).filter((a) => a.action.startsWith("settings."));

  describe("list, set, get and reset", () => {
    test("every setting with its value, default and description; a set shows old and new, a reset the default again", async () => {
      const list = await admin("GET", "/api/admin/settings");
      expect(list.status).toBe(200);
      expect(entry(list.body, "referralBonus")).toMatchObject({ value: "0.20", default: "0.20", changed: false, group: "referrals", kind: "usdt", updatedBy: null });
      expect(entry(list.body, "minWithdrawal")).toMatchObject({ value: "10.00", default: "10.00" });
      expect(entry(list.body, "channelUrl")).toMatchObject({ value: "https://t.me/refbot_channel", kind: "url" });
      expect(list.body.every((e: { description: string }) => e.description.length > 10)).toBe(true);

      const set = await admin("PUT", "/api/admin/settings/referralBonus", { value: "0.35" });
      expect(set.status).toBe(200);
      expect(set.body.changed).toEqual([{ key: "referralBonus", from: "0.20", to: "0.35" }]);
      const got = await admin("GET", "/api/admin/settings/referralBonus");
      expect(got.body).toMatchObject({ key: "referralBonus", value: "0.35", default: "0.20", changed: true, updatedBy: "admin@refbot.test" });
      expect(await t.rows("settings")).toMatchObject([{ key: "referralBonus", value: '"0.35"', updatedBy: t.admin.id }]);

      const reset = await admin("POST", "/api/admin/settings/referralBonus/reset");
      expect(reset.body.changed).toEqual([{ key: "referralBonus", from: "0.35", to: "0.20" }]);
      expect(entry(reset.body.settings, "referralBonus")).toMatchObject({ value: "0.20", changed: false });
      expect(await t.rows("settings")).toEqual([]);
      expect(await version()).toBe(2);
      // A reset of a setting at its default changes nothing, and records nothing.
      expect((await admin("POST", "/api/admin/settings/referralBonus/reset")).body.changed).toEqual([]);
      expect(await version()).toBe(2);
    });

    test("several at once, each audited with who, old and new", async () => {
      const res = await admin("PATCH", "/api/admin/settings", { minWithdrawal: "25", referralTarget: 10, productName: "Coin Club", supportUrl: "https://t.me/coin_club_help" });
      expect(res.status).toBe(200);
      expect(res.body.changed).toHaveLength(4);
      expect(await version()).toBe(1);
      const [audit] = await audits();
      expect(audit).toMatchObject({
        adminId: t.admin.id,
        action: "settings.set",
        targetType: "setting",
        detail: {
          minWithdrawal: { from: "10.00", to: "25.00" },
          referralTarget: { from: 50, to: 10 },
          productName: { from: "RefBot", to: "Coin Club" },
          supportUrl: { from: "https://t.me/refbot_support", to: "https://t.me/coin_club_help" },
        },
      });
      const log = await admin("GET", "/api/admin/audit?action=settings.set");
      expect(log.body[0]).toMatchObject({ action: "settings.set", adminEmail: "admin@refbot.test" });
      await admin("POST", "/api/admin/settings/productName/reset");
      expect((await audits()).map((a) => [a.action, a.detail])).toContainEqual(["settings.reset", { productName: { from: "Coin Club", to: "RefBot" } }]);
    });

    test("a bad value is refused naming the field and the rule, and nothing changes: rows, version, audit", async () => {
      await admin("PUT", "/api/admin/settings/referralBonus", { value: "0.30" });
      const before = { rows: await t.rows("settings"), version: await version(), audits: await audits() };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ referralBonus: "abc" }, "referralBonus", 'referralBonus: must be a decimal number such as "10.50"'],
        [{ referralBonus: "5000" }, "referralBonus", "referralBonus: must be at most 1000 USDT"],
        [{ minWithdrawal: "0" }, "minWithdrawal", "minWithdrawal: must be at least 0.01 USDT"],
        [{ referralTarget: 2.5 }, "referralTarget", "referralTarget: must be a whole number"],
        [{ broadcastBatch: 0 }, "broadcastBatch", "broadcastBatch: must be at least 1"],
        [{ channelUrl: "http://t.me/x" }, "channelUrl", "channelUrl: must be an https:// link, such as https://t.me/your_channel"],
        [{ productName: "<b>Bot</b>" }, "productName", "productName: must be letters, digits, spaces and . , ' & ! ? + - only, starting with a letter or digit"],
        [{ nonsense: 1 }, "nonsense", "nonsense: is not a setting"],
        // One good value beside a bad one: neither is written.
        [{ referralBonus: "0.50", riskFlagScore: -1 }, "riskFlagScore", "riskFlagScore: must be at least 0"],
      ];
      for (const [body, field, message] of cases) {
        const res = await admin("PATCH", "/api/admin/settings", body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: "VALIDATION_FAILED", field });
        expect(res.body.message).toStartWith(message);
      }
      expect((await admin("PUT", "/api/admin/settings/qualifyingDailyTasks", { value: "many" })).body).toMatchObject({ code: "VALIDATION_FAILED", field: "qualifyingDailyTasks" });
      expect((await admin("POST", "/api/admin/settings/nonsense/reset")).status).toBe(404);
      expect({ rows: await t.rows("settings"), version: await version(), audits: await audits() }).toEqual(before);
      expect((await admin("GET", "/api/admin/settings/referralBonus")).body.value).toBe("0.30");
    });

    test("reading needs a signed-in admin", async () => {
      expect((await t.request("GET", "/api/admin/settings")).status).toBe(401);
      expect((await t.request("PATCH", "/api/admin/settings", { body: { referralBonus: "1" } })).status).toBe(401);
      expect(await t.rows("settings")).toEqual([]);
    });
  });

  describe("the rules follow a change", () => {
    const complete = (tgId: number, taskId: number) => t.request("POST", `/api/tasks/${taskId}/complete`, { headers: t.userHeaders(tgId) });
    async function qualify(tgId: number, daily: number, channel: number, day: string) {
      t.setNow(`${day}T10:00:00Z`);
      await complete(tgId, channel);
      await complete(tgId, daily);
      t.setNow(`${day}T10:00:00Z`.replace(/-(\d\d)T/, (_, d) => `-${String(Number(d) + 1).padStart(2, "0")}T`));
      return complete(tgId, daily);
    }

    test("a changed bonus pays the new amount to the next qualified referral only; an earlier one, paid or held, keeps its amount", async () => {
      const referrer = await t.makeUser();
      const [first, second, third] = [await t.makeUser({}, referrer.refCode), await t.makeUser({}, referrer.refCode), await t.makeUser({}, referrer.refCode)];
      const daily = (await t.makeTask()).id;
      const channel = (await t.makeTask({ kind: "follow_channel", reward: usdt("0.5") })).id;
      await qualify(first.tgId, daily, channel, "2026-03-10");
      // Held for a day from here on: the second bonus is held at the amount then in force.
      await admin("PATCH", "/api/admin/settings", { referralHoldHours: 24 });
      await qualify(second.tgId, daily, channel, "2026-03-12");
      await admin("PATCH", "/api/admin/settings", { referralBonus: "0.75", referralHoldHours: 0 });
      await qualify(third.tgId, daily, channel, "2026-03-14");

      const bonuses = (await t.rows("ledger", (l) => eq(l.userId, referrer.id))).filter((l) => l.reason === "referral_bonus");
      expect(bonuses.map((b) => [b.refId, b.amount])).toEqual([
        [first.id, usdt("0.2")],
        [third.id, usdt("0.75")],
      ]);
      expect((await t.rows("referralHolds")).map((h) => [h.referredId, h.amount, h.status])).toEqual([[second.id, usdt("0.2"), "held"]]);
      // A referral already qualified is not paid again by the new amount.
      await complete(first.tgId, daily);
      expect((await t.userRow(referrer.id)).referralEarned).toBe(usdt("0.95"));
    });

    test("fewer qualifying tasks and a smaller target qualify and reward sooner", async () => {
      await admin("PATCH", "/api/admin/settings", { qualifyingDailyTasks: 1, referralTarget: 1, referralMilestone: "3" });
      const referrer = await t.makeUser();
      const friend = await t.makeUser({}, referrer.refCode);
      const daily = (await t.makeTask()).id;
      const channel = (await t.makeTask({ kind: "follow_channel", reward: usdt("0.5") })).id;
      await complete(friend.tgId, channel);
      await complete(friend.tgId, daily);
      expect((await t.rows("ledger", (l) => eq(l.userId, referrer.id))).map((l) => [l.reason, l.amount])).toEqual([
        ["referral_bonus", usdt("0.2")],
        ["referral_milestone", usdt("3")],
      ]);
      const summary = await t.request("GET", "/api/me/referrals", { headers: t.userHeaders(referrer.tgId) });
      expect(summary.body).toMatchObject({ targetCount: 1, rewardAmount: "3.00", qualifiedCount: 1 });
      expect((await t.request("GET", "/api/me", { headers: t.userHeaders(referrer.tgId) })).body.targetReferrals).toBe(1);
    });

    test("a target raised after a referrer had the milestone does not pay it again when they reach it", async () => {
      await admin("PATCH", "/api/admin/settings", { qualifyingDailyTasks: 1, referralTarget: 2, referralMilestone: "3" });
      const referrer = await t.makeUser();
      const daily = (await t.makeTask()).id;
      const channel = (await t.makeTask({ kind: "follow_channel", reward: 0 })).id;
      const qualifyNext = async () => qualify((await t.makeUser({}, referrer.refCode)).tgId, daily, channel, "2026-03-10");
      const milestones = async () => (await t.rows("ledger", (l) => eq(l.userId, referrer.id))).filter((l) => l.reason === "referral_milestone").map((l) => l.amount);
      for (let i = 0; i < 2; i++) await qualifyNext();
      expect(await milestones()).toEqual([usdt("3")]);
      await admin("PATCH", "/api/admin/settings", { referralTarget: 4 });
      for (let i = 0; i < 2; i++) await qualifyNext();
      expect((await t.userRow(referrer.id)).qualifiedReferrals).toBe(4);
      expect(await milestones()).toEqual([usdt("3")]);
    });

    test("qualifications arriving together across the target pay the milestone once", async () => {
      await admin("PATCH", "/api/admin/settings", { referralTarget: 2, referralMilestone: "3" });
      const referrer = await t.makeUser();
      const daily = (await t.makeTask()).id;
      const channel = (await t.makeTask({ kind: "follow_channel", reward: 0 })).id;
      const friends = await Promise.all(Array.from({ length: 5 }, () => t.makeUser({}, referrer.refCode)));
      t.setNow("2026-03-10T10:00:00Z");
      for (const friend of friends) {
        await complete(friend.tgId, channel);
        await complete(friend.tgId, daily);
      }
      t.setNow("2026-03-11T10:00:00Z");
      const answers = await Promise.all(friends.map((friend) => complete(friend.tgId, daily)));
      expect(answers.map((a) => a.status)).toEqual(friends.map(() => 200));
      expect((await t.userRow(referrer.id)).qualifiedReferrals).toBe(5);
      const paid = (await t.rows("ledger", (l) => eq(l.userId, referrer.id))).map((l) => l.reason);
      expect(paid.filter((r) => r === "referral_bonus")).toHaveLength(5);
      expect(paid.filter((r) => r === "referral_milestone")).toHaveLength(1);
    });

    test("a held milestone is had: a raised target holds or pays no second one", async () => {
      await admin("PATCH", "/api/admin/settings", { qualifyingDailyTasks: 1, referralTarget: 1, referralHoldHours: 24 });
      const referrer = await t.makeUser();
      const daily = (await t.makeTask()).id;
      const channel = (await t.makeTask({ kind: "follow_channel", reward: 0 })).id;
      await qualify((await t.makeUser({}, referrer.refCode)).tgId, daily, channel, "2026-03-10");
      await admin("PATCH", "/api/admin/settings", { referralTarget: 2 });
      await qualify((await t.makeUser({}, referrer.refCode)).tgId, daily, channel, "2026-03-10");
      const holds = await t.rows("referralHolds", (h) => eq(h.referrerId, referrer.id));
      expect(holds.map((h) => h.reason).sort()).toEqual(["referral_bonus", "referral_bonus", "referral_milestone"]);
      expect((await t.rows("ledger", (l) => eq(l.userId, referrer.id))).filter((l) => l.reason === "referral_milestone")).toEqual([]);
    });

    test("a raised minimum refuses a smaller request, in its message, and leaves an earlier pending one as it is", async () => {
      const user = await t.makeUser();
      await admin("POST", `/api/admin/users/${user.id}/adjust`, { amount: "100", reason: "test funds" });
      await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: wallet } });
      const earlier = await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount: "12" } });
      expect(earlier.status).toBe(201);

      await admin("PUT", "/api/admin/settings/minWithdrawal", { value: "20" });
      const config = await t.request("GET", "/api/config");
      expect(config.body.minWithdrawalUsdt).toBe("20.00");
      expect((await t.rows("withdrawals"))).toMatchObject([{ id: earlier.body.id, amount: usdt("12"), status: "pending" }]);
      // Approved and paid as it was requested, under the new minimum.
      expect((await admin("PATCH", `/api/admin/withdrawals/${earlier.body.id}/approve`)).body.status).toBe("approved");

      const other = await t.makeUser();
      await admin("POST", `/api/admin/users/${other.id}/adjust`, { amount: "100", reason: "test funds" });
      await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(other.tgId), body: { address: "0x52908400098527886E0F7030069857D2E4169EE7" } });
      const below = await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(other.tgId), body: { amount: "15" } });
      expect(below).toEqual({ status: 400, body: { code: "BELOW_MINIMUM", message: "Minimum withdrawal amount is 20 USDT", field: "amount" } });
      const russian = await t.makeUser({ languageCode: "ru" });
      const refused = await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(russian.tgId), body: { amount: "15" } });
      expect(refused.body).toMatchObject({ code: "BELOW_MINIMUM", message: "Минимальная сумма вывода — 20 USDT" });
      expect((await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(other.tgId), body: { amount: "20" } })).status).toBe(201);
    });

    test("the mini app's configuration reads the links, the name, the referral terms and the pace as set", async () => {
      await admin("PATCH", "/api/admin/settings", {
        channelUrl: "https://t.me/new_channel",
        supportUrl: "https://example.com/help",
        productName: "Coin Club",
        qualifyingDailyTasks: 3,
        referralTarget: 20,
        referralMilestone: "5",
        referralBonus: "0.3",
        referralHoldHours: 48,
        broadcastBatch: 10,
      });
      const config = (await t.request("GET", "/api/config")).body;
      expect(config).toMatchObject({
        channelUrl: "https://t.me/new_channel",
        supportUrl: "https://example.com/help",
        productName: "Coin Club",
        qualifyingDailyTasks: 3,
        referralTarget: 20,
        referralMilestoneUsdt: "5.00",
        referralBonusUsdt: "0.30",
        referralHoldHours: 48,
        broadcast: { batchSize: 10, gapMs: 100, intervalSeconds: 300 },
      });
    });
  });
});
