// Property test, both engines: random sequences of setting changes (the referral bonus, the hold,
// the minimum withdrawal) interleaved with referrals qualifying and withdrawals requested and
// rejected. Each call answers what a small model of the rules predicts from the settings in force
// at that moment; afterwards every bonus, paid or held, has the amount in force when its referral
// qualified, every request keeps the amount it was made with, and the ledger invariant holds.
import { expect } from "bun:test";
import fc from "fast-check";
import { usdt } from "@/domain/money.ts";
import { forEachAppEngine, type TestApp } from "./support/app.ts";

const wallets = ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0x52908400098527886E0F7030069857D2E4169EE7"];

type Command =
  | { type: "bonus"; value: "0.10" | "0.20" | "0.55" }
  | { type: "hold"; hours: 0 | 24 }
  | { type: "minimum"; value: "5" | "10" | "15" | "25" }
  | { type: "qualify"; referrer: 0 | 1 }
  | { type: "withdraw"; user: 0 | 1; amount: "5" | "10" | "12" | "20" | "30" }
  | { type: "reject"; user: 0 | 1 };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant("bonus" as const), value: fc.constantFrom("0.10" as const, "0.20" as const, "0.55" as const) }),
  fc.record({ type: fc.constant("hold" as const), hours: fc.constantFrom(0 as const, 24 as const) }),
  fc.record({ type: fc.constant("minimum" as const), value: fc.constantFrom("5" as const, "10" as const, "15" as const, "25" as const) }),
  fc.record({ type: fc.constant("qualify" as const), referrer: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ type: fc.constant("withdraw" as const), user: fc.constantFrom(0 as const, 1 as const), amount: fc.constantFrom("5" as const, "10" as const, "12" as const, "20" as const, "30" as const) }),
  fc.record({ type: fc.constant("reject" as const), user: fc.constantFrom(0 as const, 1 as const) }),
);

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  test(
    "setting changes never move what was paid or requested, and every call follows the settings in force",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 10 }), async (commands) => {
          const t: TestApp = await makeTestApp();
          try {
            await run(t, commands);
          } finally {
            await t.close();
          }
        }),
        { numRuns: 10 },
      );
    },
    120_000,
  );
});

async function run(t: TestApp, commands: Command[]) {
  const headers = await t.adminHeaders();
  const admin = (method: string, path: string, body?: unknown) => t.request(method, path, { headers, body });
  // One qualifying daily task, so a friend qualifies in one day: the clock never moves, and the
  // admin's session lasts the whole run.
  expect((await admin("PATCH", "/api/admin/settings", { qualifyingDailyTasks: 1 })).status).toBe(200);
  const daily = (await t.makeTask()).id;
  const channel = (await t.makeTask({ kind: "follow_channel", reward: usdt("0.5") })).id;

  const model = { bonus: usdt("0.2"), holdHours: 0, minimum: usdt("10") };
  const referrers = [];
  for (const [i, address] of wallets.entries()) {
    const user = await t.makeUser();
    await admin("POST", `/api/admin/users/${user.id}/adjust`, { amount: "40", reason: "test funds" });
    await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address } });
    referrers[i] = { user, balance: usdt("40"), open: undefined as { id: number; amount: number } | undefined };
  }
  const bonuses = new Map<number, { amount: number; held: boolean }>();
  const requests = new Map<number, number>();

  for (const c of commands) {
    switch (c.type) {
      case "bonus":
        expect((await admin("PATCH", "/api/admin/settings", { referralBonus: c.value })).status).toBe(200);
        model.bonus = usdt(c.value);
        break;
      case "hold":
        expect((await admin("PATCH", "/api/admin/settings", { referralHoldHours: c.hours })).status).toBe(200);
        model.holdHours = c.hours;
        break;
      case "minimum":
        expect((await admin("PATCH", "/api/admin/settings", { minWithdrawal: c.value })).status).toBe(200);
        model.minimum = usdt(c.value);
        break;
      case "qualify": {
        const referrer = referrers[c.referrer]!;
        const friend = await t.makeUser({}, referrer.user.refCode);
        await t.request("POST", `/api/tasks/${channel}/complete`, { headers: t.userHeaders(friend.tgId) });
        expect((await t.request("POST", `/api/tasks/${daily}/complete`, { headers: t.userHeaders(friend.tgId) })).status).toBe(200);
        bonuses.set(friend.id, { amount: model.bonus, held: model.holdHours > 0 });
        if (model.holdHours === 0) referrer.balance += model.bonus;
        break;
      }
      case "withdraw": {
        const who = referrers[c.user]!;
        const amount = usdt(c.amount);
        const res = await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(who.user.tgId), body: { amount: c.amount } });
        if (amount < model.minimum) expect(res.body.code).toBe("BELOW_MINIMUM");
        else if (who.open) expect(res.body.code).toBe("OPEN_WITHDRAWAL");
        else if (amount > who.balance) expect(res.body.code).toBe("INSUFFICIENT_BALANCE");
        else {
          expect(res.status).toBe(201);
          who.open = { id: res.body.id, amount };
          who.balance -= amount;
          requests.set(res.body.id, amount);
        }
        break;
      }
      case "reject": {
        const who = referrers[c.user]!;
        if (!who.open) break;
        expect((await admin("PATCH", `/api/admin/withdrawals/${who.open.id}/reject`, { reason: "try again" })).status).toBe(200);
        who.balance += who.open.amount;
        who.open = undefined;
        break;
      }
    }
  }

  for (const referrer of referrers) expect((await t.userRow(referrer.user.id)).balance).toBe(referrer.balance);
  const paid = (await t.rows("ledger")).filter((l) => l.reason === "referral_bonus").map((l) => [l.refId, l.amount]);
  const held = (await t.rows("referralHolds")).map((h) => [h.referredId, h.amount]);
  expect(paid.sort()).toEqual([...bonuses].filter(([, b]) => !b.held).map(([id, b]) => [id, b.amount]).sort());
  expect(held.sort()).toEqual([...bonuses].filter(([, b]) => b.held).map(([id, b]) => [id, b.amount]).sort());
  expect(Object.fromEntries((await t.rows("withdrawals")).map((w) => [w.id, w.amount]))).toEqual(Object.fromEntries(requests));
  const check = await t.checkLedger();
  expect(check.problems).toEqual([]);
}
