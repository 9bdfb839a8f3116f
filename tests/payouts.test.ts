// Payouts checked on chain, on both engines, against a real EVM node (anvil, its own process on
// loopback) with a test token deployed: each way a transaction can fail to pay a withdrawal is a
// 409 of its own and changes nothing; a matching one with enough confirmations is paid and told
// once, with too few it waits in confirming until the leader's check counts enough blocks; a
// reorganisation sends it back to approved; the RPC away is a 503 that changes nothing; and
// without BSC_RPC_URL the hash is taken as typed, marked unchecked.
import { afterAll, beforeAll, expect } from "bun:test";
import { and, eq } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { confirmPayouts } from "@/domain/payout-confirmations.ts";
import { createApp } from "@/api/app.ts";
import { noBotRuntime } from "@/domain/bot-status.ts";
import { createMetrics } from "@/observe/metrics/registry.ts";
import { forEachAppEngine, jwtSecret, type TestApp } from "./support/app.ts";
import { sample, samples } from "./support/exposition.ts";
import { startAnvil, type Anvil } from "./support/chain/anvil.ts";
import { freshAddress as address } from "./support/chain/keys.ts";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.ts";

let chain: Anvil;
beforeAll(async () => {
  chain = await startAnvil();
});
afterAll(async () => {
  await chain?.stop();
});

const unknownHash = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}`;

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  const env = (rpcUrl = chain.url) => ({ BSC_RPC_URL: rpcUrl, USDT_CONTRACT: chain.token, USDT_DECIMALS: "18", PAYOUT_CONFIRMATIONS: "3" });

  /** An approved request of `amount` USDT to a fresh address, from a user with 50 USDT. */
  async function approved(t: TestApp, amount = "12.5") {
    const user = await t.makeUser();
    const wallet = address();
    const headers = await t.adminHeaders();
    await t.request("POST", `/api/admin/users/${user.id}/adjust`, { headers, body: { amount: "50", reason: "test funds" } });
    expect((await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: wallet } })).status).toBe(200);
    const w = await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount } });
    expect(w.status).toBe(201);
    expect((await t.request("PATCH", `/api/admin/withdrawals/${w.body.id}/approve`, { headers })).status).toBe(200);
    return { id: w.body.id as number, user, wallet, amount };
  }
  const pay = async (t: TestApp, id: number, txHash: string) => t.request("PATCH", `/api/admin/withdrawals/${id}/paid`, { headers: await t.adminHeaders(), body: { txHash } });
  const paidNotices = async (t: TestApp) => (await t.notices()).filter((n) => n.kind === "withdrawal_paid");
  const audit = async (t: TestApp, id: number) => (await t.rows("adminAudit", (a) => and(eq(a.targetType, "withdrawal"), eq(a.targetId, id)))).map((a) => a.action);
  /** The withdrawals-by-status gauge as Prometheus would scrape it from this app's database. */
  async function gauge(t: TestApp, status: string) {
    const metrics = createMetrics();
    metrics.watch({ deps: t.deps, botStatus: noBotRuntime.botStatus, leading: () => true });
    const app = createApp(t.deps, { jwtSecret, metrics, peerAddress: () => "127.0.0.1" });
    return sample(samples(await (await app.handle(new Request("http://localhost/metrics"))).text()), "refbot_withdrawals", { status });
  }
  const counter = async (t: TestApp, name: string) => Number((await t.rows("counters", (c) => eq(c.name, name as never))).reduce((sum, c) => sum + Number(c.value), 0));

  test("each mismatch is a 409 with its own code naming what was expected and found, and nothing changes", async () => {
    const t = await makeTestApp(env());
    const w = await approved(t, "12.5");
    const other = await chain.otherToken();
    const cases: [string, string, RegExp][] = [
      ["TX_NOT_FOUND", unknownHash(), /was not found on chain/],
      ["TX_FAILED", await chain.failedTransfer(w.wallet), /failed on chain \(reverted in block \d+\)/],
      ["TX_WRONG_TOKEN", await chain.plainTransfer(w.wallet), new RegExp(`expected a transfer of token ${chain.token}, found no token transfer`)],
      ["TX_WRONG_TOKEN", await chain.transfer(w.wallet, chain.units("12.5"), other), new RegExp(`expected a transfer of token ${chain.token}, found transfers of ${other.toLowerCase()}`)],
      ["TX_WRONG_RECIPIENT", await chain.transfer(address(), chain.units("12.5")), new RegExp(`pays USDT to 0x[0-9a-f]{40}, not to the withdrawal's address ${w.wallet}`)],
      ["TX_WRONG_AMOUNT", await chain.transfer(w.wallet, chain.units("12.499999")), new RegExp(`pays 12.499999 USDT to ${w.wallet}, not the withdrawal's 12.50 USDT`)],
      // One unit of the token's 18 decimals short: exact arithmetic, no rounding to micro-USDT.
      ["TX_WRONG_AMOUNT", await chain.transfer(w.wallet, chain.units("12.5") - 1n), /pays 12.499999999999999999 USDT/],
    ];
    const before = await t.snapshot();
    for (const [code, hash, message] of cases) {
      const res = await pay(t, w.id, hash);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code });
      expect(res.body.message).toMatch(message);
      expect(res.body.message).toContain(hash);
    }
    expect(await t.snapshot()).toEqual(before);
    expect(await paidNotices(t)).toHaveLength(0);
  });

  test("a matching transfer with enough confirmations is paid, checked, and its user told once", async () => {
    const t = await makeTestApp(env());
    const w = await approved(t, "10.25");
    const hash = await chain.transfer(w.wallet, chain.units("10.25"));
    await chain.mine(2);
    const res = await pay(t, w.id, hash.toUpperCase().replace("0X", "0x"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "paid", txHash: hash, txChecked: true, returnReason: null });
    expect(typeof res.body.txBlock).toBe("number");
    expect(await paidNotices(t)).toEqual([{ kind: "withdrawal_paid", tgId: w.user.tgId, amount: "10.25", txHash: hash }]);
    expect(await audit(t, w.id)).toEqual(["withdrawal.approve", "withdrawal.paid"]);
    // The leader's check has nothing to do with it.
    expect(await confirmPayouts(t.deps, t.deps.chain!)).toEqual({ paid: [], returned: [], waiting: [] });
    expect(await paidNotices(t)).toHaveLength(1);
  });

  test("too few confirmations: confirming, shown as such, then paid as blocks are mined, told once", async () => {
    const t = await makeTestApp(env());
    const w = await approved(t, "11");
    const hash = await chain.transfer(w.wallet, chain.units("11"));
    const res = await pay(t, w.id, hash);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "confirming", txHash: hash, txChecked: true });
    expect(await paidNotices(t)).toHaveLength(0);
    expect(await audit(t, w.id)).toEqual(["withdrawal.approve", "withdrawal.sent"]);
    expect((await t.adminGet("/api/admin/withdrawals?status=confirming")).body.map((x: { id: number }) => x.id)).toEqual([w.id]);
    expect((await t.adminGet("/api/admin/withdrawals/counts")).body).toMatchObject({ approved: 0, confirming: 1, paid: 0 });
    expect((await t.request("GET", "/api/me/withdrawals", { headers: t.userHeaders(w.user.tgId) })).body[0]).toMatchObject({ status: "confirming", txHash: hash });
    expect(await counter(t, "withdrawals_confirming")).toBe(1);
    expect(await gauge(t, "confirming")).toBe(1);
    // Still the user's one unfinished request: a new one waits for it.
    expect((await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(w.user.tgId), body: { amount: "10" } })).body.code).toBe("OPEN_WITHDRAWAL");
    // A second mark is refused: it is no longer approved.
    expect((await pay(t, w.id, hash)).body.code).toBe("INVALID_STATE");

    await chain.mine(1);
    expect(await confirmPayouts(t.deps, t.deps.chain!)).toEqual({ paid: [], returned: [], waiting: [w.id] });
    expect(await paidNotices(t)).toHaveLength(0);
    await chain.mine(1);
    expect(await confirmPayouts(t.deps, t.deps.chain!)).toEqual({ paid: [w.id], returned: [], waiting: [] });
    expect((await t.adminGet(`/api/admin/withdrawals/${w.id}`)).body).toMatchObject({ status: "paid", txHash: hash, txChecked: true });
    expect(await paidNotices(t)).toEqual([{ kind: "withdrawal_paid", tgId: w.user.tgId, amount: "11.00", txHash: hash }]);
    expect(await audit(t, w.id)).toEqual(["withdrawal.approve", "withdrawal.sent", "withdrawal.confirmed"]);
    expect([await counter(t, "withdrawals_confirming"), await counter(t, "withdrawals_paid")]).toEqual([0, 1]);
    expect([await gauge(t, "confirming"), await gauge(t, "paid")]).toEqual([0, 1]);
    // A second run (another instance's, say) tells nobody again.
    await chain.mine(1);
    expect(await confirmPayouts(t.deps, t.deps.chain!)).toEqual({ paid: [], returned: [], waiting: [] });
    expect(await paidNotices(t)).toHaveLength(1);
    expect((await t.checkLedger()).problems).toEqual([]);
  });

  test("a reorganisation that removes a waiting transaction sends it back to approved, audited and logged; a reject then refunds once", async () => {
    const t = await makeTestApp(env());
    const w = await approved(t, "12.5");
    const balance = (await t.userRow(w.user.id)).balance;
    const fork = await chain.snapshot();
    const hash = await chain.transfer(w.wallet, chain.units("12.5"));
    expect((await pay(t, w.id, hash)).body.status).toBe("confirming");
    await chain.revert(fork);

    expect(await confirmPayouts(t.deps, t.deps.chain!)).toEqual({ paid: [], returned: [w.id], waiting: [] });
    const back = (await t.adminGet(`/api/admin/withdrawals/${w.id}`)).body;
    expect(back).toMatchObject({ status: "approved", txHash: null, txChecked: false });
    expect(back.returnReason).toContain(`Transaction ${hash} is no longer on chain`);
    // The admins' note stays with the admins: the user sees the request approved again.
    const own = (await t.request("GET", "/api/me/withdrawals", { headers: t.userHeaders(w.user.tgId) })).body[0];
    expect(own).toMatchObject({ id: w.id, status: "approved", txHash: null });
    expect(own).not.toHaveProperty("returnReason");
    expect(await audit(t, w.id)).toEqual(["withdrawal.approve", "withdrawal.sent", "withdrawal.returned"]);
    const warned = t.logs.lines().find((line) => line.level === "warn" && line.msg.startsWith("payout returned to approved"));
    expect(warned).toMatchObject({ withdrawalId: w.id, txHash: hash });
    expect(await paidNotices(t)).toHaveLength(0);
    expect([await counter(t, "withdrawals_confirming"), await counter(t, "withdrawals_approved")]).toEqual([0, 1]);
    // The ledger was not touched by the moves.
    expect((await t.userRow(w.user.id)).balance).toBe(balance);

    const headers = await t.adminHeaders();
    const rejected = await t.request("PATCH", `/api/admin/withdrawals/${w.id}/reject`, { headers, body: { reason: "the transfer was lost in a reorganisation" } });
    expect(rejected.body).toMatchObject({ status: "rejected" });
    expect((await t.request("PATCH", `/api/admin/withdrawals/${w.id}/reject`, { headers, body: { reason: "again" } })).body.code).toBe("INVALID_STATE");
    expect((await t.userRow(w.user.id)).balance).toBe(balance + usdt("12.5"));
    const refunds = (await t.rows("ledger", (l) => eq(l.userId, w.user.id))).filter((l) => l.reason === "withdrawal_refund");
    expect(refunds.map((l) => l.amount)).toEqual([usdt("12.5")]);
    expect((await t.checkLedger()).problems).toEqual([]);
  });

  test("a returned payout can be paid again with a new transfer; an approved one that never left cannot be rejected", async () => {
    const t = await makeTestApp(env());
    const w = await approved(t, "10");
    const fork = await chain.snapshot();
    const lost = await chain.transfer(w.wallet, chain.units("10"));
    await pay(t, w.id, lost);
    await chain.revert(fork);
    await confirmPayouts(t.deps, t.deps.chain!);
    const again = await chain.transfer(w.wallet, chain.units("10"));
    await chain.mine(2);
    expect((await pay(t, w.id, again)).body).toMatchObject({ status: "paid", txHash: again, returnReason: null });
    const fresh = await approved(t, "10");
    expect((await t.request("PATCH", `/api/admin/withdrawals/${fresh.id}/reject`, { headers: await t.adminHeaders(), body: { reason: "no" } })).body.code).toBe("INVALID_STATE");
  });

  test("the RPC away is a 503 CHAIN_UNAVAILABLE that changes nothing; once back, payouts are checked again", async () => {
    const proxy: TcpProxy = startTcpProxy(Number(new URL(chain.url).port));
    try {
      const t = await makeTestApp(env(`http://127.0.0.1:${proxy.port}`));
      const w = await approved(t, "10");
      const hash = await chain.transfer(w.wallet, chain.units("10"));
      proxy.fail("refuse");
      const before = await t.snapshot();
      const res = await pay(t, w.id, hash);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 503, code: "CHAIN_UNAVAILABLE" });
      expect(await t.snapshot()).toEqual(before);
      proxy.heal();
      expect((await pay(t, w.id, hash)).body.status).toBe("confirming");
      proxy.fail("refuse");
      // The leader's check fails whole and leaves the payout waiting.
      expect(await confirmPayouts(t.deps, t.deps.chain!).catch((error) => error.code)).toBe("CHAIN_UNAVAILABLE");
      expect((await t.adminGet(`/api/admin/withdrawals/${w.id}`)).body.status).toBe("confirming");
      expect((await t.request("POST", `/api/admin/withdrawals/${w.id}/verify`, { headers: await t.adminHeaders() })).status).toBe(503);
      proxy.heal();
      await chain.mine(2);
      expect((await confirmPayouts(t.deps, t.deps.chain!)).paid).toEqual([w.id]);
    } finally {
      proxy.stop();
    }
  });

  test("a hash that paid another withdrawal is refused, whether that one is paid or still confirming", async () => {
    const t = await makeTestApp(env());
    const a = await approved(t, "10");
    const b = await approved(t, "10");
    const hash = await chain.transfer(a.wallet, chain.units("10"));
    expect((await pay(t, a.id, hash)).body.status).toBe("confirming");
    const used = await pay(t, b.id, hash);
    expect(used.body).toMatchObject({ code: "TX_HASH_USED", message: `This transaction hash already paid withdrawal #${a.id}` });
    await chain.mine(2);
    await confirmPayouts(t.deps, t.deps.chain!);
    expect((await pay(t, b.id, hash)).body.code).toBe("TX_HASH_USED");
    expect((await t.adminGet(`/api/admin/withdrawals/${b.id}`)).body.status).toBe("approved");
  });

  test("verify checks a paid withdrawal again and says what matched, or what no longer does", async () => {
    const t = await makeTestApp(env());
    const w = await approved(t, "10");
    const hash = await chain.transfer(w.wallet, chain.units("10"));
    await chain.mine(2);
    await pay(t, w.id, hash);
    const verify = async (id: number) => t.request("POST", `/api/admin/withdrawals/${id}/verify`, { headers: await t.adminHeaders() });
    const ok = await verify(w.id);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ matched: true, txHash: hash, token: chain.token, to: w.wallet, amount: "10.00", required: 3 });
    expect(ok.body.confirmations).toBeGreaterThanOrEqual(3);
    // A paid request whose recorded hash pays someone else (typed in before the check existed).
    const elsewhere = await chain.transfer(address(), chain.units("10"));
    await t.update("withdrawals", { txHash: elsewhere, txChecked: false }, (x) => eq(x.id, w.id));
    const before = await t.snapshot();
    const bad = await verify(w.id);
    expect(bad.body).toMatchObject({ matched: false, code: "TX_WRONG_RECIPIENT", txHash: elsewhere });
    expect(await t.snapshot()).toEqual(before);
    expect((await verify((await approved(t, "10")).id)).body.code).toBe("INVALID_STATE");
  });

  test("without BSC_RPC_URL the hash is recorded as typed, marked not checked, and verify says it cannot check", async () => {
    const t = await makeTestApp();
    const w = await approved(t, "10");
    const hash = unknownHash();
    const res = await pay(t, w.id, hash);
    expect(res.body).toMatchObject({ status: "paid", txHash: hash, txChecked: false, txBlock: null });
    expect(await paidNotices(t)).toHaveLength(1);
    expect(t.deps.chain).toBeUndefined();
    const verify = await t.request("POST", `/api/admin/withdrawals/${w.id}/verify`, { headers: await t.adminHeaders() });
    expect({ status: verify.status, code: verify.body.code }).toEqual({ status: 409, code: "CHAIN_NOT_CONFIGURED" });
  });
});
