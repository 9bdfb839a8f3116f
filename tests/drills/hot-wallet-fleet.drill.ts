// Two real server processes on one database, both asked at the same moment to send the same batch
// of approved withdrawals from one hot wallet, against anvil: on SQLite (one file, two processes)
// and on PostgreSQL (one database, two processes). A batch is POST /api/admin/withdrawals/:id/send
// per id, the call the panel's bulk action and `refbot withdrawals send` make, in three shapes:
// both servers walking the ids in the same order one at a time (two operators running the same
// command), in opposite orders (so they sign different withdrawals at once and race for the
// wallet's next nonce), and every id at once. Afterwards, what a user and the operator see: each
// recipient holds its amount once, the wallet's transfers hold consecutive nonces on chain and in
// the database, each withdrawal is paid under its one transfer, of the two answers for it one sent
// it and the other said it was sent already, and the wallet's USDT fell by exactly the sum.
// DRILL_RUNS sets how many times each engine runs it (3 unless told).
import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { startAnvil, type Anvil } from "../support/chain/anvil.ts";
import { keyFile } from "../support/chain/keys.ts";
import { adminHeaders, approvedWithdrawal, call, sendWithdrawal, signIn, type Answer } from "../support/chain/payouts-api.ts";
import { usePostgres } from "../support/postgres.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { until } from "../support/until.ts";

const runs = Number(process.env.DRILL_RUNS ?? 3);
/** Withdrawals per batch: enough that the two servers' requests overlap for most of it. */
const perBatch = 20;
const float = "10000";

const pg = await usePostgres(import.meta.path);
let chain: Anvil;
const stops: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  chain = await startAnvil();
});
afterAll(async () => {
  await chain?.stop();
});
afterEach(async () => {
  // The last started first: the first server's directory holds the SQLite file the second still uses.
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
});

/** Two servers on one database, and plain SQL over that database for what the API does not show. */
type Fleet = { a: TestServer; b: TestServer; rows: (text: string) => Promise<Record<string, unknown>[]> };

const common = { SEED_DEMO: "false", SKIP_WEB_BUILD: "true", JWT_SECRET: "hot-wallet-fleet-secret-hot-wallet-fleet-secret" };

/** Two servers on one database: the second starts once the first has migrated it, told where it is by `sameDatabase`. */
async function pair(env: Record<string, string>, sameDatabase: (first: TestServer) => Record<string, string>): Promise<[TestServer, TestServer]> {
  const a = await startTestServer({ ...common, ...env }, { keep: true });
  stops.push(async () => (await a.stop(), a.removeDir()));
  const b = await startTestServer({ ...common, ...env, ...sameDatabase(a) });
  stops.push(() => b.stop());
  return [a, b];
}

const engines: { name: string; test: (name: string, fn: () => Promise<void>, timeout?: number) => void; fleet: (env: Record<string, string>) => Promise<Fleet> }[] = [
  {
    name: "SQLite, one file",
    test,
    async fleet(env) {
      const [a, b] = await pair(env, (first) => ({ DATABASE_PATH: first.databasePath }));
      const rows = async (text: string) => {
        const db = new Database(a.databasePath, { readonly: true });
        try {
          return db.query(text).all() as Record<string, unknown>[];
        } finally {
          db.close();
        }
      };
      return { a, b, rows };
    },
  },
  {
    name: "PostgreSQL, one database",
    test: pg.test,
    async fleet(env) {
      const { url, sql } = await pg.database();
      const [a, b] = await pair({ ...env, DATABASE_URL: url, DATABASE_POOL: "8" }, () => ({}));
      return { a, b, rows: (text) => sql.unsafe(text) };
    },
  },
];

type Withdrawal = { id: number; wallet: string; amount: string };
/** One server's answer to one send, with when it was asked and answered. */
type Timed = Answer & { id: number; asked: number; answered: number };

/**
 * How the two servers are asked for a batch: each server's order of ids, whether a request waits
 * for the one before, and how many ids at least are sure to be asked of both at once (the first,
 * walking the same order; in opposite orders the walks may pass each other between two ids).
 */
type Shape = { name: string; orders: (ids: number[]) => [number[], number[]]; atOnce: boolean; together: (ids: number[]) => number };
const shapes: Shape[] = [
  { name: "the same order, one at a time", orders: (ids) => [ids, ids], atOnce: false, together: () => 1 },
  { name: "opposite orders, one at a time", orders: (ids) => [ids, [...ids].reverse()], atOnce: false, together: () => 0 },
  { name: "every id at once", orders: (ids) => [ids, ids], atOnce: true, together: (ids) => ids.length },
];

async function timedSend(server: TestServer, bearer: string, id: number): Promise<Timed> {
  const asked = performance.now();
  const answer = await sendWithdrawal(server, bearer, id);
  return { ...answer, id, asked, answered: performance.now() };
}

/** Both servers asked for the batch in the same tick; each server's answers by withdrawal id. */
async function sendBatch(f: Fleet, bearers: [string, string], shape: Shape, ids: number[]): Promise<[Map<number, Timed>, Map<number, Timed>]> {
  const orders = shape.orders(ids);
  const walk = async (server: TestServer, bearer: string, order: readonly number[]) => {
    if (shape.atOnce) return Promise.all(order.map((id) => timedSend(server, bearer, id)));
    const answers: Timed[] = [];
    for (const id of order) answers.push(await timedSend(server, bearer, id));
    return answers;
  };
  const [a, b] = await Promise.all([walk(f.a, bearers[0], orders[0]), walk(f.b, bearers[1], orders[1])]);
  return [new Map(a.map((x) => [x.id, x])), new Map(b.map((x) => [x.id, x]))];
}

/**
 * For each withdrawal, one server's 200 and the other's refusal naming it sent already: the
 * withdrawal read moved on (INVALID_STATE, with its status), or its transfer met (PAYOUT_ALREADY_SENT).
 * The transfers sent by withdrawal id, and what the report line says of the batch.
 */
function accountFor(ids: number[], [a, b]: [Map<number, Timed>, Map<number, Timed>]) {
  const sent = new Map<number, { txHash: string; nonce: number }>();
  const tally = { a: 0, b: 0, INVALID_STATE: 0, PAYOUT_ALREADY_SENT: 0, sameId: 0, concurrent: 0 };
  const during = (x: Timed, y: Timed) => x.asked < y.answered && y.asked < x.answered;
  for (const id of ids) {
    const both = [a.get(id)!, b.get(id)!];
    const ok = both.filter((x) => x.status === 200);
    expect({ id, sent: ok.length }).toEqual({ id, sent: 1 });
    const winner = ok[0]!;
    const loser = both.find((x) => x !== winner)!;
    // Mined at once on anvil, the withdrawal may be paid by a leader's pass before the answer is read.
    expect(winner.body).toMatchObject({ broadcast: "sent", withdrawal: { id, txHash: winner.body.txHash } });
    expect(["confirming", "paid"]).toContain(winner.body.withdrawal.status);
    expect({ id, status: loser.status }).toEqual({ id, status: 409 });
    if (loser.body.code === "PAYOUT_ALREADY_SENT") expect(loser.body.txHash).toBe(winner.body.txHash);
    // INVALID_STATE names the status it met; the one without it (the other server kept taking the
    // next nonce until the tries ran out) sent nothing, and fails here.
    else expect({ id, code: loser.body.code, status: ["confirming", "paid"].includes(loser.body.status) }).toEqual({ id, code: "INVALID_STATE", status: true });
    sent.set(id, { txHash: winner.body.txHash, nonce: winner.body.nonce });
    tally[winner === both[0] ? "a" : "b"]++;
    tally[loser.body.code as "INVALID_STATE" | "PAYOUT_ALREADY_SENT"]++;
    if (during(both[0]!, both[1]!)) tally.sameId++;
  }
  // Requests of server a in flight while one of server b's was: both signing at once, whichever withdrawals.
  for (const x of a.values()) if ([...b.values()].some((y) => during(x, y))) tally.concurrent++;
  const line = `a sent ${tally.a}, b ${tally.b}; refused as INVALID_STATE ${tally.INVALID_STATE}, PAYOUT_ALREADY_SENT ${tally.PAYOUT_ALREADY_SENT}; ${tally.sameId} asked of both at once, ${tally.concurrent} of a's beside one of b's`;
  return { sent, sameId: tally.sameId, concurrent: tally.concurrent, line };
}

for (const engine of engines) {
  for (let run = 1; run <= runs; run++) {
    engine.test(`${engine.name}, run ${run}: two servers sending the same batches send each withdrawal once, with the wallet's nonces in sequence`, async () => {
      const k = keyFile();
      await chain.fund(k.address, float);
      const f = await engine.fleet({ BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, PAYOUT_CONFIRMATIONS: "1", PAYOUT_KEY_FILE: k.file });
      const bearers: [string, string] = [await signIn(f.a), await signIn(f.b)];
      expect((await call(f.a, "PATCH", "/api/admin/settings", { hotWalletMaxTransfer: "100", hotWalletDailyLimit: "100000" }, adminHeaders(bearers[0]))).status).toBe(200);

      const batches: Withdrawal[][] = [];
      for (let b = 0; b < shapes.length; b++) {
        const batch: Withdrawal[] = [];
        // Made five at a time, on either server, as a fleet behind a load balancer takes them.
        for (let i = 0; i < perBatch; i += 5) {
          const made = await Promise.all(
            Array.from({ length: 5 }, async (_, j) => {
              const n = b * perBatch + i + j;
              const amount = `${10 + (n % 37)}.${String((n * 7) % 100).padStart(2, "0")}`;
              const server = n % 2 === 0 ? f.a : f.b;
              return { ...(await approvedWithdrawal(server, bearers[n % 2]!, amount)), amount };
            }),
          );
          batch.push(...made);
        }
        batches.push(batch);
      }
      const all = batches.flat();

      const sent = new Map<number, { txHash: string; nonce: number }>();
      const summary: string[] = [];
      for (const [i, shape] of shapes.entries()) {
        const ids = batches[i]!.map((w) => w.id);
        const answers = await sendBatch(f, bearers, shape, ids);
        const outcome = accountFor(ids, answers);
        for (const [id, s] of outcome.sent) sent.set(id, s);
        // The two servers were sending at the same time, or the shape tested nothing.
        expect(outcome.concurrent).toBeGreaterThan(0);
        expect(outcome.sameId).toBeGreaterThanOrEqual(shape.together(ids));
        summary.push(`${shape.name}: ${outcome.line}`);
      }
      console.log(`${engine.name}, run ${run}: ${summary.join("; ")}`);

      // The database, at once: one transfer per withdrawal, nonces 0 to n-1, each the one its send answered.
      const sends = async () =>
        (await f.rows(`select withdrawal_id as "withdrawalId", nonce, state, tx_hash as "txHash", wallet from payout_sends order by nonce, id`)).map((r) => ({
          withdrawalId: Number(r.withdrawalId),
          nonce: Number(r.nonce),
          state: String(r.state),
          txHash: String(r.txHash),
          wallet: String(r.wallet),
        }));
      const recorded = await sends();
      expect(recorded.map((r) => r.nonce)).toEqual(all.map((_, i) => i));
      expect(recorded.map((r) => r.withdrawalId).sort((x, y) => x - y)).toEqual(all.map((w) => w.id).sort((x, y) => x - y));
      for (const { withdrawalId, nonce, txHash, wallet, state } of recorded) {
        expect({ withdrawalId, nonce, txHash, wallet, live: ["signed", "sent", "mined"].includes(state) }).toEqual({ withdrawalId, ...sent.get(withdrawalId)!, wallet: k.address, live: true });
      }

      // Every withdrawal paid, as the operator's counts show, and each transfer noted mined: nothing else recorded meanwhile.
      const counts = async () => (await call(f.a, "GET", "/api/admin/withdrawals/counts", undefined, adminHeaders(bearers[0]))).body as Record<string, number>;
      await until("every withdrawal paid", async () => (await counts()).paid === all.length, 60_000);
      await until("every transfer noted mined", async () => (await sends()).every((s) => s.state === "mined"), 30_000);
      const rows = await sends();
      expect(rows).toEqual(recorded.map((r) => ({ ...r, state: "mined" })));
      const audit = await f.rows(`select target_id as "id", count(*) as "n" from admin_audit where action = 'withdrawal.wallet_send' group by target_id`);
      expect(audit.length).toBe(all.length);
      expect(audit.every((x) => Number(x.n) === 1)).toBe(true);

      // The operator's view of each withdrawal: paid, under its transfer's hash.
      for (const w of all) {
        const view = (await call(f.b, "GET", `/api/admin/withdrawals/${w.id}`, undefined, adminHeaders(bearers[1]))).body;
        expect({ id: w.id, status: view.status, txHash: view.txHash }).toEqual({ id: w.id, status: "paid", txHash: sent.get(w.id)!.txHash });
      }

      // The chain: the wallet's transactions are exactly these, nonces 0 to n-1, each succeeded.
      expect(await chain.nonceOf(k.address)).toBe(all.length);
      for (const r of rows) expect(await chain.mined(r.txHash)).toEqual({ from: k.address, nonce: r.nonce, succeeded: true });
      // Each user holds the amount once, and the wallet lost exactly their sum.
      for (const w of all) expect({ id: w.id, balance: await chain.balanceOf(w.wallet) }).toEqual({ id: w.id, balance: chain.units(w.amount) });
      const total = all.reduce((sum, w) => sum + chain.units(w.amount), 0n);
      expect(await chain.balanceOf(k.address)).toBe(chain.units(float) - total);
    }, 240_000);
  }
}
