// The withdrawal rules on both engines, called as the routes call them: a request debits once,
// one open request per user, every admin transition wins once, a transaction hash pays once; and
// under concurrency, from one connection pool or two (two server instances), no double spend and
// no double refund.
import { expect } from "bun:test";
import { createConfig } from "@/config/env.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { fixedSettings } from "@/domain/settings-source.ts";
import { credit } from "@/domain/ledger.ts";
import { usdt } from "@/domain/money.ts";
import type { Store } from "@/domain/store.ts";
import { approveWithdrawal, getWithdrawal, listWithdrawals, markWithdrawalPaid, pendingWithdrawalCount, rejectWithdrawal, requestWithdrawal } from "@/domain/withdrawals.ts";
import { forEachEngine, type EngineFixture } from "./support/engines.ts";
import { queuedNotices } from "./support/notices.ts";

const now = new Date("2026-03-10T12:00:00Z");
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

const config = createConfig({});
const member = { isMember: async () => true };

function depsOf(store: Store) {
  return { store, clock: () => now, config, settings: fixedSettings(defaultSettings(config)), membership: member };
}

/** A user with a wallet and `balance` USDT, credited through the ledger's own rule. */
async function funded(e: EngineFixture, balance: string) {
  const user = await e.addUser({ wallet: true });
  await e.store.transaction((tx) => credit(tx, { userId: user.id, amount: usdt(balance), reason: "admin_adjustment", at: now }));
  return e.user(user.id);
}

/** Balance equals credits minus debits, for the users given. */
async function expectLedgerKept(e: EngineFixture, userIds: number[]) {
  for (const id of userIds) {
    const rows = await e.ledgerRows(id);
    const sum = rows.reduce((total, r) => total + (r.type === "credit" ? r.amount : -r.amount), 0);
    const user = await e.user(id);
    expect(user.balance).toBe(sum);
    expect(user.balance).toBeGreaterThanOrEqual(0);
  }
}

const code = (promise: Promise<unknown>) => promise.then(() => "ok", (error: { code?: string }) => error.code ?? String(error));

await forEachEngine(import.meta.path, (it) => {
  it("a request debits once and keeps the address; a second open one, too much, no wallet are refused", async (e) => {
    const deps = depsOf(e.store);
    const user = await funded(e, "30");
    const w = await requestWithdrawal(deps, user, "12.50");
    expect(w).toMatchObject({ userId: user.id, amount: usdt("12.5"), address: user.walletBep20!, status: "pending", tgId: user.tgId });
    expect(await code(requestWithdrawal(deps, user, "10"))).toBe("OPEN_WITHDRAWAL");
    const other = await funded(e, "15");
    expect(await code(requestWithdrawal(deps, other, "15.01"))).toBe("INSUFFICIENT_BALANCE");
    expect(await code(requestWithdrawal(deps, await e.addUser(), "10"))).toBe("WALLET_REQUIRED");
    expect((await e.user(user.id)).balance).toBe(usdt("17.5"));
    expect((await e.user(other.id)).balance).toBe(usdt("15"));
    expect(await listWithdrawals(deps, { userId: other.id, limit: 10 })).toHaveLength(0);
    await expectLedgerKept(e, [user.id, other.id]);
  });

  it("approve, pay with a hash that is then used up; reject refunds once; a wrong state is named", async (e) => {
    const deps = depsOf(e.store);
    const admin = await e.addAdmin();
    const [a, b, c] = [await funded(e, "20"), await funded(e, "20"), await funded(e, "20")];
    const wa = await requestWithdrawal(deps, a, "10");
    const wb = await requestWithdrawal(deps, b, "10");
    const wc = await requestWithdrawal(deps, c, "10");
    expect(await pendingWithdrawalCount(deps)).toBe(3);

    expect((await approveWithdrawal(deps, admin, wa.id)).status).toBe("approved");
    expect(await code(approveWithdrawal(deps, admin, wa.id))).toBe("INVALID_STATE");
    expect((await markWithdrawalPaid(deps, admin, wa.id, hash(1).toUpperCase().replace("0X", "0x"))).txHash).toBe(hash(1));
    await approveWithdrawal(deps, admin, wb.id);
    const used = await markWithdrawalPaid(deps, admin, wb.id, hash(1)).catch((error) => error);
    expect(used).toMatchObject({ code: "TX_HASH_USED", message: `This transaction hash already paid withdrawal #${wa.id}` });
    expect((await getWithdrawal(deps, wb.id)).status).toBe("approved");
    expect((await markWithdrawalPaid(deps, admin, wb.id, hash(2))).status).toBe("paid");

    expect(await code(rejectWithdrawal(deps, admin, wc.id, "  "))).toBe("VALIDATION_FAILED");
    expect((await rejectWithdrawal(deps, admin, wc.id, "Duplicate account")).failReason).toBe("Duplicate account");
    expect(await code(rejectWithdrawal(deps, admin, wc.id, "again"))).toBe("INVALID_STATE");
    expect(await code(getWithdrawal(deps, 999_999))).toBe("NOT_FOUND");
    expect((await e.user(c.id)).balance).toBe(usdt("20"));
    expect((await queuedNotices(e.exec)).map((n) => n.kind)).toEqual(["withdrawal_approved", "withdrawal_paid", "withdrawal_approved", "withdrawal_paid", "withdrawal_rejected"]);
    await expectLedgerKept(e, [a.id, b.id, c.id]);
  });

  it("50 requests at once from one user, through two instances: one succeeds, one debit", async (e) => {
    const instances = [depsOf(e.store), depsOf(await e.another())];
    const user = await funded(e, "15");
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => code(requestWithdrawal(instances[i % 2]!, user, "10"))));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => o !== "ok"))).toEqual(new Set(["OPEN_WITHDRAWAL"]));
    expect((await e.user(user.id)).balance).toBe(usdt("5"));
    expect((await e.ledgerRows(user.id)).filter((r) => r.reason === "withdrawal")).toHaveLength(1);
    await expectLedgerKept(e, [user.id]);
  }, 30_000);

  it("approve and reject of one request at once, through two instances: exactly one wins, at most one refund", async (e) => {
    const instances = [depsOf(e.store), depsOf(await e.another())];
    const admins = [await e.addAdmin(), await e.addAdmin()];
    const users = [];
    for (let i = 0; i < 20; i++) users.push(await funded(e, "12"));
    const requested = await Promise.all(users.map((u) => requestWithdrawal(instances[0]!, u, "12")));
    const races = await Promise.all(
      requested.map((w, i) => {
        const [first, second] = i % 2 ? [instances[0]!, instances[1]!] : [instances[1]!, instances[0]!];
        return Promise.all([code(approveWithdrawal(first, admins[0]!, w.id)), code(rejectWithdrawal(second, admins[1]!, w.id, "race"))]);
      }),
    );
    for (const [i, [approved, rejected]] of races.entries()) {
      expect([approved, rejected].filter((o) => o === "ok")).toHaveLength(1);
      expect([approved, rejected]).toContain("INVALID_STATE");
      const refunds = (await e.ledgerRows(users[i]!.id)).filter((r) => r.reason === "withdrawal_refund");
      expect(refunds).toHaveLength(rejected === "ok" ? 1 : 0);
      expect((await e.user(users[i]!.id)).balance).toBe(rejected === "ok" ? usdt("12") : 0);
    }
    await expectLedgerKept(e, users.map((u) => u.id));
  }, 30_000);

  it("one hash pasted for two withdrawals at once pays one of them", async (e) => {
    const instances = [depsOf(e.store), depsOf(await e.another())];
    const admin = await e.addAdmin();
    const ws = [];
    for (let i = 0; i < 2; i++) {
      const w = await requestWithdrawal(instances[0]!, await funded(e, "10"), "10");
      await approveWithdrawal(instances[0]!, admin, w.id);
      ws.push(w);
    }
    const outcomes = await Promise.all(ws.map((w, i) => code(markWithdrawalPaid(instances[i]!, admin, w.id, hash(7)))));
    expect(outcomes.sort()).toEqual(["TX_HASH_USED", "ok"]);
  });
});
