// Withdrawals through the API, on both engines: requests, the admin's approve, pay and reject, and
// wallets.
import { describe, expect } from "bun:test";
import { and, eq } from "@/db/ops.ts";
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
      expect(t.notices.map((n) => n.kind)).toEqual(["withdrawal_approved", "withdrawal_paid"]);
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
      expect(t.notices.filter((n) => n.kind === "withdrawal_paid")).toHaveLength(1);
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

  describe("wallet", () => {
    test("one address belongs to one user, in any letter case", async () => {
      const a = await t.makeUser();
      const b = await t.makeUser();
      expect((await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(a.tgId), body: { address: wallet.toLowerCase() } })).body.walletBep20).toBe(wallet);
      const taken = await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(b.tgId), body: { address: wallet.toUpperCase().replace("0X", "0x") } });
      expect(taken.body.code).toBe("WALLET_TAKEN");
    });
  });
});
