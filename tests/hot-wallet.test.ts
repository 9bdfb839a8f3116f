// Payouts sent from a hot wallet (PAYOUT_KEY_FILE), on both engines, against anvil with the test
// token: a send records the signed transfer before broadcasting it and the withdrawal confirms to
// paid; the per-transfer and daily limits refuse and change nothing; a crash between signing and
// broadcasting, or between broadcasting and recording it, is recovered by the same bytes (same
// hash) and the recipient is paid once; two instances sending the same batch send each withdrawal
// once; a transfer whose nonce another transaction took waits for an admin, and only an admin's
// new request signs another; one a reorganisation took out is sent again, byte for byte, and one
// it mined again where it reverted is failed, so a new send signs another.
import { afterAll, beforeAll, expect, test as plainTest } from "bun:test";
import { and, eq } from "@/db/ops.ts";
import { readPayoutKey } from "@/config/payout-key.ts";
import type { HotWallet } from "@/domain/hot-wallet.ts";
import { confirmPayouts } from "@/domain/payout-confirmations.ts";
import { recoverSends } from "@/domain/payout-send-recovery.ts";
import { hotWalletOf } from "@/domain/payout-send.ts";
import { forEachAppEngine, type TestApp } from "./support/app.ts";
import { startAnvil, type Anvil } from "./support/chain/anvil.ts";
import { freshAddress as address, keyFile } from "./support/chain/keys.ts";
import { until } from "./support/until.ts";

let chain: Anvil;
beforeAll(async () => {
  chain = await startAnvil();
});
afterAll(async () => {
  await chain?.stop();
});



// Outside the engines: the key file's rule is the configuration's.
plainTest("a key file others may read is refused, naming the file and not the key", () => {
    const k = keyFile(0o644);
    let message = "";
    try {
      readPayoutKey(k.file);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(k.file);
    expect(message).toContain("0644");
    expect(message).toContain("must be 0600");
    expect(message).not.toContain(k.key.slice(2));
    expect(readPayoutKey(keyFile(0o600).file)).toMatch(/^0x[0-9a-f]{64}$/);
});

await forEachAppEngine(import.meta.path, ({ test, makeTestApp, engine }) => {
  /** An app sending from a fresh hot wallet holding `float` USDT, with 3 confirmations. */
  async function hotApp(float = "1000", env: Record<string, string> = {}) {
    const k = keyFile();
    await chain.fund(k.address, float);
    const t = await makeTestApp({ BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, USDT_DECIMALS: "18", PAYOUT_CONFIRMATIONS: "3", PAYOUT_KEY_FILE: k.file, ...env });
    return { t, key: k.key, hot: k.address };
  }

  async function approved(t: TestApp, amount = "12.5") {
    const user = await t.makeUser();
    const wallet = address();
    const headers = await t.adminHeaders();
    await t.request("POST", `/api/admin/users/${user.id}/adjust`, { headers, body: { amount: "500", reason: "test funds" } });
    expect((await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: wallet } })).status).toBe(200);
    const w = await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount } });
    expect(w.status).toBe(201);
    expect((await t.request("PATCH", `/api/admin/withdrawals/${w.body.id}/approve`, { headers })).status).toBe(200);
    return { id: w.body.id as number, wallet, amount };
  }
  const send = async (t: TestApp, id: number) => t.request("POST", `/api/admin/withdrawals/${id}/send`, { headers: await t.adminHeaders() });
  const sends = (t: TestApp, id: number) => t.rows("payoutSends", (s) => eq(s.withdrawalId, id));
  const status = async (t: TestApp, id: number) => (await t.request("GET", `/api/admin/withdrawals/${id}`, { headers: await t.adminHeaders() })).body;
  /** The leader's pass: transfers recovered, then confirmations counted. */
  async function leaderPass(t: TestApp) {
    const c = hotWalletOf(t.deps);
    await recoverSends(t.deps, c);
    return confirmPayouts(t.deps, c);
  }
  /** The app's wallet with its broadcast replaced: what a process killed at that point leaves behind. */
  function crashing(t: TestApp, when: "before broadcast" | "after broadcast") {
    const real = hotWalletOf(t.deps).wallet;
    const wallet: HotWallet = {
      ...real,
      async broadcast(raw) {
        if (when === "after broadcast") await real.broadcast(raw);
        throw new Error(`process killed ${when}`);
      },
    };
    t.deps.chain = { ...t.deps.chain!, wallet };
    return () => void (t.deps.chain = { ...t.deps.chain!, wallet: real });
  }

  test("a send records the signed transfer with its nonce, confirms, and pays once; no second transfer is signed", async () => {
    const { t, hot } = await hotApp();
    const w = await approved(t, "12.5");
    const res = await send(t, w.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ nonce: 0, wallet: hot, broadcast: "sent", withdrawal: { id: w.id, status: "confirming", txHash: res.body.txHash } });
    const [row] = await sends(t, w.id);
    expect(row).toMatchObject({ nonce: 0, txHash: res.body.txHash, state: "sent", amount: 12_500_000 });
    expect(row!.rawTx).toMatch(/^0x[0-9a-f]+$/);
    expect(await chain.balanceOf(w.wallet)).toBe(chain.units("12.5"));

    const again = await send(t, w.id);
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: "INVALID_STATE" });
    await chain.mine(3);
    expect((await leaderPass(t)).paid).toEqual([w.id]);
    expect(await status(t, w.id)).toMatchObject({ status: "paid", txHash: res.body.txHash, txChecked: true });
    expect(await chain.balanceOf(w.wallet)).toBe(chain.units("12.5"));
    expect((await sends(t, w.id)).length).toBe(1);
    const audit = await t.rows("adminAudit", (a) => and(eq(a.targetType, "withdrawal"), eq(a.targetId, w.id)));
    expect(audit.map((a) => a.action)).toEqual(["withdrawal.approve", "withdrawal.wallet_send", "withdrawal.confirmed"]);
    // The key is nowhere in what the server logged or stored.
    const k = readPayoutKey(t.deps.config.payouts.keyFile!).slice(2);
    expect(t.logs.text()).not.toContain(k);
    expect(JSON.stringify(await t.rows("payoutSends"))).not.toContain(k);
  });

  test("the limits: over the largest transfer, or past the day's total, is refused and nothing is signed", async () => {
    const { t } = await hotApp();
    const headers = await t.adminHeaders();
    expect((await t.request("PATCH", "/api/admin/settings", { headers, body: { hotWalletMaxTransfer: "20", hotWalletDailyLimit: "30" } })).status).toBe(200);
    const big = await approved(t, "25");
    const a = await approved(t, "15");
    const b = await approved(t, "15.01");

    const before = await t.snapshot();
    const over = await send(t, big.id);
    expect({ status: over.status, code: over.body.code }).toEqual({ status: 409, code: "HOT_WALLET_LIMIT" });
    expect(over.body.message).toContain("over the hot wallet's largest transfer of 20.00 USDT");
    expect(await t.snapshot()).toEqual(before);

    expect((await send(t, a.id)).status).toBe(200);
    const mid = await t.snapshot();
    const past = await send(t, b.id);
    expect({ status: past.status, code: past.body.code }).toEqual({ status: 409, code: "HOT_WALLET_LIMIT" });
    expect(past.body.message).toContain("has sent 15.00 USDT today");
    expect(past.body.message).toContain("daily total of 30.00 USDT");
    expect(await t.snapshot()).toEqual(mid);
    expect(await chain.balanceOf(b.wallet)).toBe(0n);
    expect(await chain.balanceOf(big.wallet)).toBe(0n);
  });

  for (const when of ["before broadcast", "after broadcast"] as const) {
    test(`killed ${when}: recovery sends the same bytes or finds them mined, and the recipient is paid once`, async () => {
      const { t } = await hotApp();
      const w = await approved(t, "12.5");
      const restore = crashing(t, when);
      const res = await send(t, w.id);
      expect(res.status).toBe(200);
      expect(res.body.broadcast).toBe("not yet");
      const [signed] = await sends(t, w.id);
      expect(signed).toMatchObject({ state: "signed", txHash: res.body.txHash });
      expect(await chain.balanceOf(w.wallet)).toBe(when === "after broadcast" ? chain.units("12.5") : 0n);
      // A send asked again meanwhile signs nothing.
      expect((await send(t, w.id)).body.code).toBe("INVALID_STATE");

      restore();
      await leaderPass(t);
      await leaderPass(t);
      await chain.mine(3);
      await leaderPass(t);
      const rows = await sends(t, w.id);
      expect(rows.map((r) => [r.txHash, r.state])).toEqual([[res.body.txHash, "mined"]]);
      expect(await status(t, w.id)).toMatchObject({ status: "paid", txHash: res.body.txHash });
      expect(await chain.balanceOf(w.wallet)).toBe(chain.units("12.5"));
    });
  }

  test("two instances sending the same batch send each withdrawal once, with nonces in sequence", async () => {
    const { t, hot } = await hotApp();
    // On SQLite a second app on the same file is a second process's connection; on PostgreSQL the
    // pool's connections race as two instances' would.
    const other = engine === "sqlite" ? await makeTestApp({ ...envOf(t), DATABASE_PATH: t.deps.config.databasePath }) : t;
    const batch = [];
    for (let i = 0; i < 6; i++) batch.push(await approved(t, "10"));
    await other.adminHeaders();
    const answers = await Promise.all(batch.flatMap((w) => [send(t, w.id), send(other, w.id)]));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBe(6);
    // The loser reads the withdrawal moved, or (read a moment earlier) meets its transfer.
    for (const a of answers.filter((x) => x.status !== 200)) expect(["INVALID_STATE", "PAYOUT_ALREADY_SENT"]).toContain(a.body.code);
    const rows = await t.rows("payoutSends");
    expect(rows.length).toBe(6);
    expect(rows.map((r) => r.nonce).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5]);
    await leaderPass(t);
    await chain.mine(3);
    await leaderPass(t);
    for (const w of batch) {
      expect(await chain.balanceOf(w.wallet)).toBe(chain.units("10"));
      expect((await status(t, w.id)).status).toBe("paid");
    }
    expect(await chain.balanceOf(hot)).toBe(chain.units("940"));
  });

  test("a transfer whose nonce another transaction took waits for an admin with the evidence; only a new send signs another", async () => {
    const { t, key } = await hotApp();
    const w = await approved(t, "12.5");
    const restore = crashing(t, "before broadcast");
    const res = await send(t, w.id);
    restore();
    // The operator uses the wallet elsewhere with the same nonce before the transfer got out.
    const intruder = await chain.sendWithNonce(key, res.body.nonce);
    await leaderPass(t);
    await leaderPass(t);
    const after = await status(t, w.id);
    expect(after).toMatchObject({ status: "approved", txHash: null });
    expect(after.returnReason).toContain(`${res.body.txHash} (nonce ${res.body.nonce}`);
    expect(after.returnReason).toContain("is taken by another transaction");
    const [dropped] = await sends(t, w.id);
    expect(dropped).toMatchObject({ state: "dropped", txHash: res.body.txHash });
    expect(dropped!.evidence).toBe(after.returnReason);
    expect(intruder).not.toBe(res.body.txHash);
    expect(await chain.balanceOf(w.wallet)).toBe(0n);
    const audit = await t.rows("adminAudit", (a) => and(eq(a.targetType, "withdrawal"), eq(a.targetId, w.id)));
    expect(audit.map((a) => a.action)).toContain("withdrawal.send_dropped");
    expect(t.logs.text()).toContain("hot wallet transfer dropped");

    // The admin decides: send again. A new transfer, a new nonce, paid once.
    const second = await send(t, w.id);
    expect(second.status).toBe(200);
    expect(second.body.txHash).not.toBe(res.body.txHash);
    expect(second.body.nonce).toBe(res.body.nonce + 1);
    await chain.mine(3);
    await leaderPass(t);
    expect((await status(t, w.id)).status).toBe("paid");
    expect(await chain.balanceOf(w.wallet)).toBe(chain.units("12.5"));
  });

  test("a transfer a reorganisation took out is sent again byte for byte, not returned for a second one, and the wallet's later nonces are not stuck behind it", async () => {
    const { t, hot } = await hotApp();
    const w = await approved(t, "12.5");
    const fork = await chain.snapshot();
    const first = await send(t, w.id);
    expect((await leaderPass(t)).waiting).toEqual([w.id]);
    expect(await status(t, w.id)).toMatchObject({ status: "confirming", txChecked: true });
    await chain.revert(fork);
    expect(await chain.balanceOf(w.wallet)).toBe(0n);

    // The chain forgot the transfer and its nonce: the same signed bytes still pay this request, once.
    // Two instances counting at once hand it back once.
    const c = hotWalletOf(t.deps);
    expect((await Promise.all([confirmPayouts(t.deps, c), confirmPayouts(t.deps, c)])).map((r) => r.waiting)).toEqual([[w.id], [w.id]]);
    const back = await status(t, w.id);
    expect(back).toMatchObject({ status: "confirming", txHash: first.body.txHash, txChecked: false, txBlock: null });
    expect((await sends(t, w.id)).map((s) => [s.txHash, s.state])).toEqual([[first.body.txHash, "sent"]]);
    expect(t.logs.text()).toContain("hot wallet transfer left the chain");
    // A request sent meanwhile takes the next nonce, and is not left queued behind a hole.
    const later = await approved(t, "10");
    expect((await send(t, later.id)).body.nonce).toBe(first.body.nonce + 1);

    await leaderPass(t);
    await chain.mine(3);
    await leaderPass(t);
    expect(await status(t, w.id)).toMatchObject({ status: "paid", txHash: first.body.txHash, txChecked: true });
    expect((await status(t, later.id)).status).toBe("paid");
    expect((await sends(t, w.id)).map((s) => [s.txHash, s.state])).toEqual([[first.body.txHash, "mined"]]);
    expect(await chain.balanceOf(w.wallet)).toBe(chain.units("12.5"));
    expect(await chain.balanceOf(later.wallet)).toBe(chain.units("10"));
    expect(await chain.balanceOf(hot)).toBe(chain.units("977.5"));
    const audit = await t.rows("adminAudit", (a) => and(eq(a.targetType, "withdrawal"), eq(a.targetId, w.id)));
    expect(audit.map((a) => a.action)).toEqual(["withdrawal.approve", "withdrawal.wallet_send", "withdrawal.send_unmined", "withdrawal.confirmed"]);
  });

  test("a transfer a reorganisation mined again in another block, where it reverted, is failed with that evidence, and its request goes back to approved for a new transfer", async () => {
    // The wallet's gas is on both sides of the fork; its USDT only on the side that is dropped.
    const k = keyFile();
    await chain.fund(k.address);
    const fork = await chain.snapshot();
    await chain.fund(k.address, "1000");
    const t = await makeTestApp({ BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, USDT_DECIMALS: "18", PAYOUT_CONFIRMATIONS: "3", PAYOUT_KEY_FILE: k.file });
    const w = await approved(t, "12.5");
    const first = await send(t, w.id);
    await leaderPass(t);
    expect((await sends(t, w.id)).map((s) => s.state)).toEqual(["mined"]);
    const { rawTx } = (await sends(t, w.id))[0]!;

    // The other branch wins: the same bytes are mined there, where the wallet holds no USDT.
    await chain.revert(fork);
    const rebroadcast = await fetch(chain.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_sendRawTransaction", params: [rawTx] }) });
    expect(((await rebroadcast.json()) as { result?: string }).result).toBe(first.body.txHash);
    // The node answers the hash before it mines the block.
    const remined = await until("the same bytes mined on the other branch", () => chain.mined(first.body.txHash).catch(() => undefined));
    expect(remined.succeeded).toBe(false);

    const pass = await leaderPass(t);
    expect(pass.returned).toEqual([w.id]);
    const back = await status(t, w.id);
    expect(back).toMatchObject({ status: "approved", txHash: null });
    expect(back.returnReason).toContain(`Transaction ${first.body.txHash} was mined again in block`);
    const [failed] = await sends(t, w.id);
    expect({ state: failed!.state, evidence: failed!.evidence }).toEqual({ state: "failed", evidence: back.returnReason });

    // A new send signs another transfer, on the wallet's next nonce, and it pays once.
    await chain.fund(k.address, "1000");
    const again = await send(t, w.id);
    expect(again.status).toBe(200);
    expect(again.body.nonce).toBe(first.body.nonce + 1);
    await chain.mine(3);
    await leaderPass(t);
    expect(await status(t, w.id)).toMatchObject({ status: "paid", txHash: again.body.txHash });
    expect((await sends(t, w.id)).map((s) => [s.txHash, s.state])).toEqual([
      [first.body.txHash, "failed"],
      [again.body.txHash, "mined"],
    ]);
    expect(await chain.balanceOf(w.wallet)).toBe(chain.units("12.5"));
  });

  test("without PAYOUT_KEY_FILE a send is refused and changes nothing", async () => {
    const t = await makeTestApp({ BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, PAYOUT_CONFIRMATIONS: "3" });
    const w = await approved(t);
    const before = await t.snapshot();
    const res = await send(t, w.id);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: "HOT_WALLET_NOT_CONFIGURED" });
    expect(await t.snapshot()).toEqual(before);
  });
});

/** The environment an app was made with, for a second instance of it. */
function envOf(t: TestApp): Record<string, string> {
  const p = t.deps.config.payouts;
  return { BSC_RPC_URL: p.rpcUrl!, USDT_CONTRACT: p.usdtContract, USDT_DECIMALS: String(p.usdtDecimals), PAYOUT_CONFIRMATIONS: String(p.confirmations), PAYOUT_KEY_FILE: p.keyFile! };
}
