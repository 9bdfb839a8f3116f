// Property test of the money the farm defences move: random sequences of qualifications (held
// bonuses), friends leaving and coming back, hold releases, withdrawals and their processing,
// admin credits, clears and fraud confirmations, some of them fired at once. Whatever happens, the
// ledger invariant holds (balance = credits − debits, held = the bonuses held) and no balance or
// held balance goes below zero. On both engines.
import { expect } from "bun:test";
import fc from "fast-check";
import { usdt } from "@/domain/money.ts";
import { adminEmail, adminPassword, forEachAppEngine, type TestApp } from "./support/app.ts";

const HOUR = 3_600_000;

type Op =
  | { kind: "qualify"; friend: number }
  | { kind: "leave" | "rejoin"; friend: number }
  | { kind: "wait"; hours: number }
  | { kind: "release" }
  | { kind: "credit"; amount: string }
  | { kind: "withdraw"; amount: string }
  | { kind: "process"; action: "approve" | "reject" | "paid" }
  | { kind: "clear" }
  | { kind: "confirm"; farm: number[] }
  | { kind: "burst"; ops: Op[] };

const friends = 4;
const single: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("qualify" as const), friend: fc.nat(friends - 1) }),
  fc.record({ kind: fc.constantFrom("leave" as const, "rejoin" as const), friend: fc.nat(friends - 1) }),
  fc.record({ kind: fc.constant("wait" as const), hours: fc.constantFrom(1, 30, 80) }),
  fc.constant({ kind: "release" as const }),
  fc.record({ kind: fc.constant("credit" as const), amount: fc.constantFrom("5", "10.5", "20") }),
  fc.record({ kind: fc.constant("withdraw" as const), amount: fc.constantFrom("10", "10.2", "15", "25") }),
  fc.record({ kind: fc.constant("process" as const), action: fc.constantFrom("approve" as const, "reject" as const, "paid" as const) }),
  fc.constant({ kind: "clear" as const }),
  fc.record({ kind: fc.constant("confirm" as const), farm: fc.subarray([0, 1, 2, 3]) }),
);
const op: fc.Arbitrary<Op> = fc.oneof({ weight: 5, arbitrary: single }, { weight: 1, arbitrary: fc.record({ kind: fc.constant("burst" as const), ops: fc.array(single, { minLength: 2, maxLength: 4 }) }) });

await forEachAppEngine(import.meta.path, ({ engine, test, makeTestApp }) => {
  test(
    "holds, releases, confirms and withdrawals in any order keep the ledger and never go below zero",
    async () => {
      let hashes = 1;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
          const t: TestApp = await makeTestApp({ REFERRAL_HOLD_HOURS: "48", RISK_FLAG_SCORE: "60" });
          const members = new Set<number>();
          t.deps.membership = { isMember: async (tgId) => members.has(tgId) };
          t.setNow("2026-03-10T08:00:00Z");
          const daily = (await t.makeTask()).id;
          const channel = (await t.makeTask({ kind: "follow_channel", title: "Join", reward: usdt("0.5") })).id;
          const referrer = await t.makeUser({ username: "referrer" });
          members.add(referrer.tgId);
          await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(referrer.tgId), body: { address: `0x${"a".repeat(40)}` } });
          const farm: { id: number; tgId: number }[] = [];
          for (let i = 0; i < friends; i++) {
            const friend = await t.makeUser({}, referrer.refCode);
            members.add(friend.tgId);
            farm.push(friend);
          }
          const login = await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } });
          let token = login.body.token as string;
          const admin = async (method: string, path: string, body?: unknown) => {
            // Tokens last 12 hours of the test's clock: sign in again when one ran out.
            let reply = await t.request(method, path, { headers: { authorization: `Bearer ${token}` }, body });
            if (reply.status === 401) {
              token = (await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } })).body.token;
              reply = await t.request(method, path, { headers: { authorization: `Bearer ${token}` }, body });
            }
            return reply;
          };
          const complete = (tgId: number, taskId: number) => t.request("POST", `/api/tasks/${taskId}/complete`, { headers: t.userHeaders(tgId) });

          const run = async (o: Op): Promise<void> => {
            switch (o.kind) {
              case "qualify": {
                const tgId = farm[o.friend]!.tgId;
                await complete(tgId, channel);
                await complete(tgId, daily);
                t.setNow(new Date(t.now().getTime() + 24 * HOUR));
                await complete(tgId, daily);
                return;
              }
              case "leave":
                return void members.delete(farm[o.friend]!.tgId);
              case "rejoin":
                return void members.add(farm[o.friend]!.tgId);
              case "wait":
                return void t.setNow(new Date(t.now().getTime() + o.hours * HOUR));
              case "release":
                return void (await admin("POST", "/api/admin/risk/holds/release"));
              case "credit":
                return void (await admin("POST", `/api/admin/users/${referrer.id}/adjust`, { amount: o.amount, reason: "top-up" }));
              case "withdraw":
                return void (await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(referrer.tgId), body: { amount: o.amount } }));
              case "process": {
                const [open] = (await t.rows("withdrawals")).filter((w) => ["review", "pending", "approved"].includes(w.status));
                if (!open) return;
                const body = o.action === "reject" ? { reason: "no" } : o.action === "paid" ? { txHash: `0x${(hashes++).toString(16).padStart(64, "0")}` } : undefined;
                return void (await admin("PATCH", `/api/admin/withdrawals/${open.id}/${o.action}`, body));
              }
              case "clear":
                return void (await admin("POST", `/api/admin/risk/${referrer.id}/clear`));
              case "confirm":
                return void (await admin("POST", `/api/admin/risk/${referrer.id}/confirm`, { farm: o.farm.map((i) => farm[i]!.id) }));
              case "burst":
                await Promise.all(o.ops.map(run));
            }
          };
          try {
            for (const o of ops) await run(o);
            expect((await t.checkLedger()).problems).toEqual([]);
            for (const user of await t.rows("users")) {
              expect(user.balance).toBeGreaterThanOrEqual(0);
              expect(user.heldBalance).toBeGreaterThanOrEqual(0);
            }
          } finally {
            await t.close();
          }
        }),
        { numRuns: engine === "sqlite" ? 25 : 8 },
      );
    },
    240_000,
  );
});
