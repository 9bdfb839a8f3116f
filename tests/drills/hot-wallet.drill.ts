// Hot-wallet sending with the server killed (SIGKILL) at the two points where a crash could pay
// twice or not at all: after the signed transfer is recorded and before the node has it, and after
// the node took it and before the server heard back. A JSON-RPC proxy between the server and anvil
// holds eth_sendRawTransaction (the request, or its answer) so the kill lands exactly there. A
// second server on the same database sends the same bytes again or finds them mined; each
// recipient's token balance is the amount, once.
import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { startAnvil, type Anvil } from "../support/chain/anvil.ts";
import { keyFile } from "../support/chain/keys.ts";
import { approvedWithdrawal as approved, call, signIn } from "../support/chain/payouts-api.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { until } from "../support/until.ts";

let chain: Anvil;
let gate: RpcGate;
const servers: TestServer[] = [];

beforeAll(async () => {
  chain = await startAnvil();
  gate = rpcGate(chain.url);
});
afterAll(async () => {
  gate?.stop();
  await chain?.stop();
});
afterEach(async () => {
  for (const s of servers.splice(0)) {
    await s.stop().catch(() => undefined);
    s.removeDir();
  }
});

type Hold = "request" | "answer";
type RpcGate = ReturnType<typeof rpcGate>;

/** A JSON-RPC proxy to `upstream` that, when told, holds the next eth_sendRawTransaction: before forwarding it, or after (its answer kept). */
function rpcGate(upstream: string) {
  let hold: Hold | undefined;
  let reached: (() => void) | undefined;
  const forward = (body: string) => fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body });
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(req) {
      const body = await req.text();
      if (hold && body.includes('"eth_sendRawTransaction"')) {
        const when = hold;
        hold = undefined;
        if (when === "answer") await (await forward(body)).text();
        reached?.();
        // Never answered: the server is killed while it waits.
        return new Promise<Response>(() => {});
      }
      const res = await forward(body);
      return new Response(await res.text(), { status: res.status, headers: { "content-type": "application/json" } });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    /** Holds the next broadcast; resolves once it is held. */
    arm(when: Hold): Promise<void> {
      hold = when;
      return new Promise((resolve) => (reached = resolve));
    },
    stop: () => server.stop(true),
  };
}

function start(env: Record<string, string>) {
  return startTestServer({ SEED_DEMO: "false", SKIP_WEB_BUILD: "true", ...env }, { keep: true }).then((s) => (servers.push(s), s));
}

function sendRows(databasePath: string, withdrawalId: number) {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db.query("select tx_hash as txHash, state, nonce from payout_sends where withdrawal_id = ? order by id").all(withdrawalId) as { txHash: string; state: string; nonce: number }[];
  } finally {
    db.close();
  }
}

for (const held of ["request", "answer"] as const) {
  const point = held === "request" ? "between signing and broadcasting" : "between broadcasting and hearing back";
  test(`killed ${point}: a second server sends the same bytes or finds them mined, and the recipient is paid once`, async () => {
    const k = keyFile();
    await chain.fund(k.address, "100");
    const env = { BSC_RPC_URL: gate.url, USDT_CONTRACT: chain.token, PAYOUT_CONFIRMATIONS: "1", PAYOUT_KEY_FILE: k.file };
    const first = await start(env);
    const bearer = await signIn(first);
    const w = await approved(first, bearer, "12.5");

    const heldNow = gate.arm(held);
    const sending = call(first, "POST", `/api/admin/withdrawals/${w.id}/send`, undefined, { authorization: `Bearer ${bearer}` }).catch(() => "killed");
    await heldNow;
    first.signal("SIGKILL");
    expect(await first.exited).not.toBe(0);
    expect(await sending).toBe("killed");

    const [recorded] = sendRows(first.databasePath, w.id);
    expect(recorded).toMatchObject({ state: "signed", nonce: 0 });
    expect(await chain.balanceOf(w.wallet)).toBe(held === "answer" ? chain.units("12.5") : 0n);

    const second = await start({ ...env, DATABASE_PATH: first.databasePath });
    const again = await signIn(second);
    const status = async () => (await call(second, "GET", `/api/admin/withdrawals/${w.id}`, undefined, { authorization: `Bearer ${again}` })).body;
    // The leader's pass, every 5 s: the same bytes sent again (or found mined), then confirmed.
    await until("the second server to pay the withdrawal", async () => (await status()).status === "paid", 30_000);
    expect((await status()).txHash).toBe(recorded!.txHash);
    // Sent again, the transfer is noted mined by the pass after (the withdrawal may be paid first).
    await until("the transfer noted mined", async () => sendRows(first.databasePath, w.id)[0]?.state === "mined", 15_000);
    expect(sendRows(first.databasePath, w.id)).toEqual([{ txHash: recorded!.txHash, state: "mined", nonce: 0 }]);
    expect(await chain.balanceOf(w.wallet)).toBe(chain.units("12.5"));
    // A send asked again signs nothing.
    expect((await call(second, "POST", `/api/admin/withdrawals/${w.id}/send`, undefined, { authorization: `Bearer ${again}` })).body.code).toBe("INVALID_STATE");
    expect(await chain.balanceOf(w.wallet)).toBe(chain.units("12.5"));
  }, 90_000);
}

test("200 withdrawals sent in batches with the server killed twice midway: each recipient holds its amount, once", async () => {
  const k = keyFile();
  await chain.fund(k.address, "10000");
  const env = { BSC_RPC_URL: gate.url, USDT_CONTRACT: chain.token, PAYOUT_CONFIRMATIONS: "1", PAYOUT_KEY_FILE: k.file };
  let server = await start(env);
  const databasePath = server.databasePath;
  let bearer = await signIn(server);
  await call(server, "PATCH", "/api/admin/settings", { hotWalletMaxTransfer: "100", hotWalletDailyLimit: "100000" }, { authorization: `Bearer ${bearer}` });
  const withdrawals: { id: number; wallet: string; amount: string }[] = [];
  for (let i = 0; i < 200; i++) {
    const amount = `${10 + (i % 37)}.${String(i % 100).padStart(2, "0")}`;
    withdrawals.push({ ...(await approved(server, bearer, amount)), amount });
  }
  const approvedIds = async () => {
    const list = (await call(server, "GET", "/api/admin/withdrawals?status=approved&limit=200", undefined, { authorization: `Bearer ${bearer}` })).body as { id: number }[];
    return list.map((w) => w.id).sort((a, b) => a - b);
  };
  /** Sends what is approved, ten at a time, until none is left or `stopAfter` batches went out. */
  async function sendBatches(stopAfter = Infinity): Promise<void> {
    for (let batches = 0; batches < stopAfter; batches++) {
      const ids = (await approvedIds()).slice(0, 10);
      if (ids.length === 0) return;
      const answers = await Promise.all(ids.map((id) => call(server, "POST", `/api/admin/withdrawals/${id}/send`, undefined, { authorization: `Bearer ${bearer}` })));
      for (const a of answers) expect(a.status).toBe(200);
    }
  }
  async function killDuring(hold: Hold) {
    const held = gate.arm(hold);
    const ids = (await approvedIds()).slice(0, 10);
    const inFlight = Promise.all(ids.map((id) => call(server, "POST", `/api/admin/withdrawals/${id}/send`, undefined, { authorization: `Bearer ${bearer}` }).catch(() => "killed")));
    await held;
    server.signal("SIGKILL");
    await server.exited;
    await inFlight;
    // The kill left at least the held transfer recorded and not known to be sent.
    const db = new Database(databasePath, { readonly: true });
    const left = (db.query("select count(*) as n from payout_sends where state = 'signed'").get() as { n: number }).n;
    db.close();
    expect(left).toBeGreaterThanOrEqual(1);
    server = await start({ ...env, DATABASE_PATH: databasePath });
    bearer = await signIn(server);
  }

  await sendBatches(7);
  await killDuring("request");
  await sendBatches(6);
  await killDuring("answer");
  await sendBatches();

  const statusCounts = async () => (await call(server, "GET", "/api/admin/withdrawals/counts", undefined, { authorization: `Bearer ${bearer}` })).body as Record<string, number>;
  await until("every withdrawal paid", async () => (await statusCounts()).paid === 200, 120_000);
  for (const w of withdrawals) expect(await chain.balanceOf(w.wallet)).toBe(chain.units(w.amount));
  const db = new Database(databasePath, { readonly: true });
  try {
    const rows = db.query("select withdrawal_id as w, nonce, state from payout_sends order by nonce").all() as { w: number; nonce: number; state: string }[];
    expect(rows.length).toBe(200);
    expect(new Set(rows.map((r) => r.w)).size).toBe(200);
    expect(rows.map((r) => r.nonce)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  } finally {
    db.close();
  }
  const total = withdrawals.reduce((sum, w) => sum + chain.units(w.amount), 0n);
  expect(await chain.balanceOf(k.address)).toBe(chain.units("10000") - total);
}, 600_000);
