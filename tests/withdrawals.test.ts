// Withdrawals through the API, on both engines: requests, the admin's approve, pay and reject, a
// ban that takes a user's requests out of the queue, and wallets shared by several accounts.
import { describe, expect } from "bun:test";
import { and, eq, inArray } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { forEachAppEngine, type TestApp } from "./support/app.ts";

const wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const hash = `0x${"ab".repeat(32)}`;

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });

  /** A user with a wallet and `balance` USDT, credited through the admin adjustment route. */
  async function richUser(balance: string, address = wallet) {
    const user = await t.makeUser();
    await t.request("POST", `/api/admin/users/${user.id}/adjust`, { headers: await t.adminHeaders(), body: { amount: balance, reason: "test funds" } });
    await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address } });
    return user;
  }
  const withdraw = (tgId: number, amount: unknown) => t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(tgId), body: { amount } });
  const act = async (id: number, action: "approve" | "paid" | "reject", body: object = {}) =>
    t.request("PATCH", `/api/admin/withdrawals/${id}/${action}`, { headers: await t.adminHeaders(), body });

  describe("requesting a withdrawal", () => {
    test("debits at once and keeps the address used", async () => {
      const user = await richUser("25");
      const res = await withdraw(user.tgId, "12.50");
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ amountUsdt: "12.50", status: "pending", addressBep20: wallet, tgId: user.tgId });
      expect((await t.userRow(user.id)).balance).toBe(usdt("12.5"));
      const mine = await t.request("GET", "/api/me/withdrawals", { headers: t.userHeaders(user.tgId) });
      expect(mine.body).toHaveLength(1);
    });

    test("refuses below 10, above the balance, more than 2 decimals, no wallet, a second open one", async () => {
      const user = await richUser("30");
      expect((await withdraw(user.tgId, "9.99")).body).toMatchObject({ code: "BELOW_MINIMUM", message: "Minimum withdrawal amount is 10 USDT" });
      expect((await withdraw(user.tgId, "30.01")).body.code).toBe("INSUFFICIENT_BALANCE");
      expect((await withdraw(user.tgId, "10.001")).body.code).toBe("INVALID_AMOUNT");
      const poor = await t.makeUser();
      expect((await withdraw(poor.tgId, "10")).body.code).toBe("WALLET_REQUIRED");
      expect((await withdraw(user.tgId, 10)).status).toBe(201);
      expect((await withdraw(user.tgId, 10)).body.code).toBe("OPEN_WITHDRAWAL");
      expect((await t.userRow(user.id)).balance).toBe(usdt("20"));
      expect(await t.rows("withdrawals")).toHaveLength(1);
    });

    test("a new request is possible once the open one is paid or rejected", async () => {
      const user = await richUser("40");
      const first = (await withdraw(user.tgId, "10")).body;
      await act(first.id, "reject", { reason: "try again" });
      const second = (await withdraw(user.tgId, "10")).body;
      expect(second.status).toBe("pending");
    });
  });

  describe("processing", () => {
    test("pending → approved → paid with a transaction hash, audited, user notified", async () => {
      const user = await richUser("20");
      const w = (await withdraw(user.tgId, "15")).body;
      expect((await act(w.id, "paid", { txHash: hash })).body.code).toBe("INVALID_STATE");
      const approved = await act(w.id, "approve");
      expect(approved.body).toMatchObject({ status: "approved" });
      expect((await act(w.id, "paid", { txHash: "0x123" })).status).toBe(400);
      const paid = await act(w.id, "paid", { txHash: hash });
      expect(paid.body).toMatchObject({ status: "paid", txHash: hash });
      expect(paid.body.processedAt).not.toBeNull();
      expect((await act(w.id, "reject", { reason: "late" })).body.code).toBe("INVALID_STATE");
      expect((await t.userRow(user.id)).balance).toBe(usdt("5"));
      const actions = (await t.rows("adminAudit", (a) => and(eq(a.targetType, "withdrawal"), eq(a.targetId, w.id)))).map((a) => [a.action, a.adminId]);
      expect(actions).toEqual([["withdrawal.approve", t.admin.id], ["withdrawal.paid", t.admin.id]]);
      expect((await t.notices()).map((n) => n.kind)).toEqual(["withdrawal_approved", "withdrawal_paid"]);
    });

    test("reject needs a reason and refunds the amount exactly once", async () => {
      const user = await richUser("20");
      const w = (await withdraw(user.tgId, "20")).body;
      expect((await act(w.id, "reject", { reason: "   " })).status).toBe(400);
      const rejected = await act(w.id, "reject", { reason: "Address flagged" });
      expect(rejected.body).toMatchObject({ status: "rejected", failReason: "Address flagged" });
      expect((await act(w.id, "reject", { reason: "again" })).body.code).toBe("INVALID_STATE");
      expect((await t.userRow(user.id)).balance).toBe(usdt("20"));
      const refunds = await t.rows("ledger", (l) => eq(l.reason, "withdrawal_refund"));
      expect(refunds).toHaveLength(1);
      expect((await t.checkLedger()).problems).toEqual([]);
    });

    test("two admins acting at once: one wins, the other gets 409", async () => {
      const user = await richUser("20");
      const w = (await withdraw(user.tgId, "10")).body;
      const [a, b] = await Promise.all([act(w.id, "approve"), act(w.id, "reject", { reason: "no" })]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect((await t.checkLedger()).problems).toEqual([]);
    });

    test("a transaction hash pays one withdrawal: another gets 409 naming it, in any letter case", async () => {
      const one = await richUser("20", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359");
      const two = await richUser("20", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB");
      const w1 = (await withdraw(one.tgId, "10")).body;
      const w2 = (await withdraw(two.tgId, "10")).body;
      await act(w1.id, "approve");
      await act(w2.id, "approve");
      const mixed = `0x${"C0fFee".repeat(10)}beef`;
      expect((await act(w1.id, "paid", { txHash: mixed })).body).toMatchObject({ status: "paid", txHash: mixed.toLowerCase() });
      for (const again of [mixed, mixed.toLowerCase(), mixed.toUpperCase().replace("0X", "0x")]) {
        const refused = await act(w2.id, "paid", { txHash: again });
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ code: "TX_HASH_USED", message: `This transaction hash already paid withdrawal #${w1.id}`, withdrawalId: w1.id });
      }
      expect((await t.rows("withdrawals", (w) => eq(w.id, w2.id)))[0]).toMatchObject({ status: "approved", txHash: null });
      expect((await t.notices()).filter((n) => n.kind === "withdrawal_paid")).toHaveLength(1);
      expect((await act(w2.id, "paid", { txHash: hash })).body).toMatchObject({ status: "paid", txHash: hash });
    });

    test("the admin list filters by status, newest first", async () => {
      const one = await richUser("20", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359");
      const two = await richUser("20", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB");
      const w1 = (await withdraw(one.tgId, "10")).body;
      const w2 = (await withdraw(two.tgId, "11")).body;
      await act(w1.id, "approve");
      const pending = await t.adminGet("/api/admin/withdrawals?status=pending");
      expect(pending.body.map((w: { id: number }) => w.id)).toEqual([w2.id]);
      const all = await t.adminGet("/api/admin/withdrawals");
      expect(all.body.map((w: { id: number }) => w.id)).toEqual([w2.id, w1.id]);
    });
  });

  describe("a ban", () => {
    const ban = async (userId: number) => t.request("POST", `/api/admin/users/${userId}/ban`, { headers: await t.adminHeaders(), body: { reason: "fraud" } });
    const listed = async (id: number) => (await t.adminGet("/api/admin/withdrawals?limit=200")).body.find((w: { id: number }) => w.id === id);

    for (const status of ["pending", "approved"] as const) {
      test(`refunds an open request (${status}) in its own transaction: rejected, balance and day's total back, audited, then never approved or paid`, async () => {
        const user = await richUser("30");
        const w = (await withdraw(user.tgId, "12")).body;
        if (status === "approved") await act(w.id, "approve");
        const banned = await ban(user.id);
        expect(banned.status).toBe(200);
        expect(banned.body).toMatchObject({ isBanned: true, balanceUsdt: "30.00" });
        expect(await listed(w.id)).toMatchObject({ status: "rejected", failReason: "Account banned", userBanned: true });
        expect((await t.rows("ledger", (l) => and(eq(l.userId, user.id), eq(l.reason, "withdrawal_refund")))).map((l) => [l.amount, l.refId])).toEqual([[usdt("12"), w.id]]);
        expect(await t.rows("payoutDays")).toEqual([{ day: "2026-03-10", total: 0 }]);
        const audit = await t.rows("adminAudit", (a) => and(eq(a.action, "user.ban"), eq(a.targetId, user.id)));
        expect(audit.map((a) => a.detail)).toEqual([{ reason: "fraud", withdrawalRefunded: { id: w.id, amount: "12.00" } }]);
        expect((await act(w.id, "approve")).body).toMatchObject({ code: "INVALID_STATE", status: "rejected" });
        expect((await act(w.id, "paid", { txHash: hash })).status).toBe(409);
        expect((await withdraw(user.tgId, "10")).body.code).toBe("USER_BANNED");
        expect((await t.checkLedger()).problems).toEqual([]);
      });
    }

    test("a banned user's request left open (banned past the rules) is never approved or paid: 409 WITHDRAWAL_USER_BANNED; reject still refunds", async () => {
      const [one, two] = [await richUser("20"), await richUser("20")];
      const w1 = (await withdraw(one.tgId, "10")).body;
      const w2 = (await withdraw(two.tgId, "10")).body;
      await act(w2.id, "approve");
      await t.update("users", { isBanned: true }, (u) => inArray(u.id, [one.id, two.id]));
      const approve = await act(w1.id, "approve");
      expect(approve.status).toBe(409);
      expect(approve.body).toMatchObject({ code: "WITHDRAWAL_USER_BANNED", status: "pending" });
      const pay = await act(w2.id, "paid", { txHash: hash });
      expect(pay.status).toBe(409);
      expect(pay.body.code).toBe("WITHDRAWAL_USER_BANNED");
      expect((await t.rows("withdrawals", (w) => inArray(w.id, [w1.id, w2.id]))).map((w) => [w.status, w.txHash])).toEqual([["pending", null], ["approved", null]]);
      expect(await listed(w1.id)).toMatchObject({ userBanned: true });
      expect((await act(w1.id, "reject", { reason: "banned" })).body).toMatchObject({ status: "rejected" });
      expect((await t.userRow(one.id)).balance).toBe(usdt("20"));
      // Banning again takes what is still open, the approved request too, out of the queue.
      expect((await ban(two.id)).body.balanceUsdt).toBe("20.00");
      expect((await t.rows("withdrawals", (w) => eq(w.id, w2.id)))[0]).toMatchObject({ status: "rejected", failReason: "Account banned" });
      expect((await t.notices()).filter((n) => n.kind === "withdrawal_paid")).toEqual([]);
      expect((await t.checkLedger()).problems).toEqual([]);
    });
  });

  describe("wallet", () => {
    const setAddress = (tgId: number, address: string) => t.request("POST", "/api/me/wallet", { headers: t.userHeaders(tgId), body: { address } });

    test("several accounts may set one address, in any letter case; no risk signal while RISK_FLAG_SCORE is 0", async () => {
      const a = await t.makeUser();
      const b = await t.makeUser();
      const first = await setAddress(a.tgId, wallet.toLowerCase());
      expect(first).toMatchObject({ status: 200, body: { walletBep20: wallet } });
      const second = await setAddress(b.tgId, wallet.toUpperCase().replace("0X", "0x"));
      expect(second).toMatchObject({ status: 200, body: { walletBep20: wallet } });
      expect((await t.userRow(b.id)).walletBep20).toBe(wallet);
      expect(await t.rows("riskSignals")).toEqual([]);
    });

    test("a shared address is a risk signal on each account sharing it, naming the others", async () => {
      t = await makeTestApp({ RISK_FLAG_SCORE: "60" });
      const [a, b, c] = [await t.makeUser(), await t.makeUser(), await t.makeUser()];
      await setAddress(a.tgId, wallet);
      expect(await t.rows("riskSignals")).toEqual([]);
      await setAddress(b.tgId, wallet.toLowerCase());
      await setAddress(c.tgId, wallet.toUpperCase().replace("0X", "0x"));
      const signals = await t.rows("riskSignals", (s) => eq(s.name, "shared_wallet"));
      const byUser = Object.fromEntries(signals.map((s) => [s.userId, { weight: s.weight, evidence: s.evidence }]));
      expect(byUser).toEqual({
        [a.id]: { weight: 30, evidence: { address: wallet, sharedWith: [b.id, c.id] } },
        [b.id]: { weight: 30, evidence: { address: wallet, sharedWith: [a.id, c.id] } },
        [c.id]: { weight: 30, evidence: { address: wallet, sharedWith: [a.id, b.id] } },
      });
      // One signal alone flags nobody.
      expect((await t.userRow(c.id)).riskStatus).toBeNull();
    });

    test("a payout to an address a banned account holds too waits in review, whatever RISK_FLAG_SCORE is", async () => {
      const shared = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
      const banned = await richUser("20", shared.toLowerCase());
      const user = await richUser("20", shared);
      const clean = await richUser("20", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB");
      expect((await withdraw(user.tgId, "10")).body.status).toBe("pending");
      await act((await t.rows("withdrawals", (w) => eq(w.userId, user.id)))[0]!.id, "reject", { reason: "again" });
      await t.request("POST", `/api/admin/users/${banned.id}/ban`, { headers: await t.adminHeaders(), body: {} });
      const asked = await withdraw(user.tgId, "10");
      expect(asked).toMatchObject({ status: 201, body: { status: "review", addressBep20: shared } });
      expect((await withdraw(clean.tgId, "10")).body.status).toBe("pending");
      // An admin's look decides: approve takes it from review.
      expect((await act(asked.body.id, "approve")).body.status).toBe("approved");
      expect((await t.checkLedger()).problems).toEqual([]);
    });
  });
});
