// The documented maxima (rules.ts): one adjustment, one task reward, and what a balance and a
// total earned may reach, so every amount stays an exact JavaScript number. Then a property
// test: random runs of large credits, debits and completions next to the balance limit never
// leave a balance that is not a safe integer, and the ledger invariant holds throughout. On both
// engines.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { rules } from "@/domain/rules.ts";
import { eq } from "@/db/ops.ts";
import { forEachAppEngine, type Reply, type TestApp } from "./support/app.ts";

const U = 1_000_000; // micro-USDT per USDT
// The limits as the README states them, written out here so that a change to rules.ts that the
// README does not follow fails this test.
const MAX_ADJUSTMENT = 100_000 * U;
const MAX_REWARD = 1_000 * U;
const MAX_BALANCE = 1_000_000_000 * U;

test("the limits are the documented ones", () => {
  expect({ adjustment: rules.maxAdjustment, reward: rules.maxTaskReward, balance: rules.maxBalance }).toEqual({ adjustment: MAX_ADJUSTMENT, reward: MAX_REWARD, balance: MAX_BALANCE });
  expect(Number.isSafeInteger(rules.maxBalance + rules.maxAdjustment)).toBe(true);
});

await forEachAppEngine(import.meta.path, ({ engine, test, beforeAll, makeTestApp }) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await t.adminHeaders();
  });

  const adjust = (userId: number, amount: unknown) => t.request("POST", `/api/admin/users/${userId}/adjust`, { headers: admin, body: { amount, reason: "limits test" } });
  const complete = (tgId: number, taskId: number) => t.request("POST", `/api/tasks/${taskId}/complete`, { headers: t.userHeaders(tgId) });
  const ledgerRows = async (userId: number) => (await t.rows("ledger", (l) => eq(l.userId, userId))).length;

  /**
   * Starts a user at `balance` (and `earned` total earned) with a ledger row that accounts for it,
   * as years of activity would have; going through the API would take ten thousand adjustments.
   */
  async function userAt(balance: number, earned = balance) {
    const user = await t.makeUser();
    if (balance > 0) await t.insert("ledger", { userId: user.id, type: "credit", reason: "admin_adjustment", amount: balance, note: "opening balance", createdAt: t.now() });
    await t.update("users", { balance, totalEarned: earned }, (u) => eq(u.id, user.id));
    return user;
  }

  describe("one adjustment", () => {
    test("moves at most 100000 USDT either way; the issue's twelve 999999999.99 credits are each refused", async () => {
      const user = await userAt(0);
      for (let i = 0; i < 12; i++) {
        expect((await adjust(user.id, "999999999.99")).body).toEqual({ code: "INVALID_AMOUNT", message: "amount must be at most 100000 USDT", field: "amount", max: "100000.00" });
      }
      expect((await adjust(user.id, "100000.01")).status).toBe(400);
      expect((await adjust(user.id, 100000)).body.user.balanceUsdt).toBe("100000.00");
      expect((await adjust(user.id, "-100000.01")).body.message).toBe("amount must be at most 100000 USDT");
      expect((await adjust(user.id, "-100000")).body.user.balanceUsdt).toBe("0.00");
      expect((await t.checkLedger()).problems).toEqual([]);
    });
  });

  describe("task rewards", () => {
    test("are at most 1000 USDT when a task is created or edited", async () => {
      const create = (rewardUsdt: unknown) => t.request("POST", "/api/admin/tasks", { headers: admin, body: { title: "Big task", rewardUsdt } });
      expect((await create("1000.01")).body).toEqual({ code: "INVALID_AMOUNT", message: "rewardUsdt must be at most 1000 USDT", field: "rewardUsdt", max: "1000.00" });
      expect((await create("999999999")).status).toBe(400);
      const task = (await create("1000")).body;
      expect(task.rewardUsdt).toBe("1000.00");
      const edit = await t.request("PATCH", `/api/admin/tasks/${task.id}`, { headers: admin, body: { rewardUsdt: 1000.01 } });
      expect(edit.body.message).toBe("rewardUsdt must be at most 1000 USDT");
      expect((await t.adminGet("/api/admin/tasks")).body.find((x: { id: number }) => x.id === task.id).rewardUsdt).toBe("1000.00");
    });
  });

  describe("the balance limit", () => {
    test("a credit that would take a balance past 1000000000 USDT is refused with 409 and writes nothing", async () => {
      const user = await userAt(MAX_BALANCE - 50 * U);
      const before = await ledgerRows(user.id);
      const refused = await adjust(user.id, "50.01");
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: "BALANCE_LIMIT",
        message: `A balance may hold at most 1000000000 USDT: crediting 50.01 USDT to user #${user.id} would pass it`,
        userId: user.id,
        max: "1000000000.00",
      });
      expect(await ledgerRows(user.id)).toBe(before);
      expect((await adjust(user.id, "50")).body.user.balanceUsdt).toBe("1000000000.00");
      expect((await t.userRow(user.id)).balance).toBe(MAX_BALANCE);
    });

    test("a task completion that would pass the balance or the total earned is refused, and not recorded", async () => {
      const task = await t.makeTask({ reward: 100 * U });
      const full = await userAt(MAX_BALANCE - 99 * U);
      const earnedOut = await userAt(10 * U, MAX_BALANCE - 99 * U);
      for (const user of [full, earnedOut]) {
        const before = await t.userRow(user.id);
        const reply = await complete(user.tgId, task.id);
        expect(reply.status).toBe(409);
        expect(reply.body.code).toBe("BALANCE_LIMIT");
        expect(await t.userRow(user.id)).toMatchObject({ balance: before.balance, totalEarned: before.totalEarned, tasksCompleted: 0 });
        expect(await t.rows("taskCompletions", (c) => eq(c.userId, user.id))).toEqual([]);
      }
      expect((await t.checkLedger()).problems).toEqual([]);
    });

    test("a rejected withdrawal is always refunded, even when that lifts the balance past the limit", async () => {
      const user = await userAt(MAX_BALANCE - 100 * U);
      const wallet = await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" } });
      expect(wallet.status).toBe(200);
      const w = (await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount: "50" } })).body;
      expect((await adjust(user.id, "150")).body.user.balanceUsdt).toBe("1000000000.00");
      const rejected = await t.request("PATCH", `/api/admin/withdrawals/${w.id}/reject`, { headers: admin, body: { reason: "wrong network" } });
      expect(rejected.status).toBe(200);
      expect((await t.userRow(user.id)).balance).toBe(MAX_BALANCE + 50 * U);
      expect((await adjust(user.id, "0.01")).body.code).toBe("BALANCE_LIMIT");
      expect((await t.checkLedger()).problems).toEqual([]);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // The property. The oracle formats with BigInt, independently of the code under test.

  const fmt = (micro: number) => {
    const big = BigInt(micro);
    const abs = big < 0n ? -big : big;
    const fraction = String(abs % 1_000_000n).padStart(6, "0").replace(/0+$/, "").padEnd(2, "0");
    return `${big < 0n ? "-" : ""}${abs / 1_000_000n}.${fraction}`;
  };

  type Op = { k: "adjust"; cents: number } | { k: "complete" };
  const bigCents = fc.oneof(
    fc.integer({ min: -(MAX_ADJUSTMENT / 10_000) - 500, max: MAX_ADJUSTMENT / 10_000 + 500 }),
    fc.constantFrom(99_999_999_999, -99_999_999_999, MAX_ADJUSTMENT / 10_000, -MAX_ADJUSTMENT / 10_000, 1, -1),
  );
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 4, arbitrary: bigCents.map((cents) => ({ k: "adjust" as const, cents })) },
    { weight: 1, arbitrary: fc.constant({ k: "complete" as const }) },
  );
  const scenario = fc.record({
    // Starting within a few hundred thousand USDT of the limit, so runs cross it.
    headroom: fc.integer({ min: 0, max: 300_000_00 }).map((cents) => cents * 10_000),
    earnedHeadroom: fc.integer({ min: 0, max: 3_000_00 }).map((cents) => cents * 10_000),
    ops: fc.array(op, { minLength: 5, maxLength: 25 }),
  });

  describe("large amounts under random sequences", () => {
    test("balances stay safe integers within the limit, answers match the rules, the ledger holds", async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async (s) => {
          const m = { balance: MAX_BALANCE - s.headroom, earned: MAX_BALANCE - s.earnedHeadroom };
          m.earned = Math.max(m.earned, m.balance);
          const user = await userAt(m.balance, m.earned);
          for (const o of s.ops) {
            let reply: Reply;
            let expected: { status: number; code?: string };
            if (o.k === "adjust") {
              const amount = o.cents * 10_000;
              reply = await adjust(user.id, fmt(amount));
              if (amount === 0) expected = { status: 400, code: "INVALID_AMOUNT" };
              else if (Math.abs(amount) > MAX_ADJUSTMENT) expected = { status: 400, code: "INVALID_AMOUNT" };
              else if (amount < 0 && -amount > m.balance) expected = { status: 409, code: "INSUFFICIENT_BALANCE" };
              else if (m.balance + amount > MAX_BALANCE) expected = { status: 409, code: "BALANCE_LIMIT" };
              else {
                m.balance += amount;
                expected = { status: 200 };
              }
            } else {
              // A task of its own each time: the clock stays put, so the admin token stays valid.
              reply = await complete(user.tgId, (await t.makeTask({ kind: "custom", reward: MAX_REWARD })).id);
              if (m.balance + MAX_REWARD > MAX_BALANCE || m.earned + MAX_REWARD > MAX_BALANCE) expected = { status: 409, code: "BALANCE_LIMIT" };
              else {
                m.balance += MAX_REWARD;
                m.earned += MAX_REWARD;
                expected = { status: 200 };
              }
            }
            expect({ op: o, status: reply.status, code: reply.body?.code }).toEqual({ op: o, ...expected, code: expected.code });
            const row = await t.userRow(user.id);
            expect(Number.isSafeInteger(row.balance) && Number.isSafeInteger(row.totalEarned)).toBe(true);
            expect({ balance: row.balance, earned: row.totalEarned }).toEqual({ balance: m.balance, earned: m.earned });
            expect(row.balance).toBeLessThanOrEqual(MAX_BALANCE);
            if (reply.status === 200) expect(o.k === "adjust" ? reply.body.user.balanceUsdt : reply.body.balance).toBe(fmt(m.balance));
          }
          expect((await t.checkLedger()).problems.filter((p) => p.id === user.id)).toEqual([]);
        }),
        // Fewer runs on PostgreSQL, where each call is a few network round trips.
        { numRuns: Number(process.env.PROPERTY_RUNS ?? (engine === "postgres" ? 40 : 100)) },
      );
    });
  });
});
