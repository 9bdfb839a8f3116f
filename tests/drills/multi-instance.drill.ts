// Two real server processes on one PostgreSQL database, as a fleet behind a load balancer runs:
// any request may reach either. Sign-ins, money rules, bans, broadcasts and a crash are tried
// across them; what either acknowledged is kept, nothing happens twice, and the ledger holds.
import { afterAll, expect } from "bun:test";
import type { SQL } from "bun";
import { openPg } from "@/db/pg/client.ts";
import { checkLedgerPg } from "@/db/pg/store/ledger.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { startFakeTelegram, type FakeTelegram } from "../support/fake-telegram.ts";
import { usePostgres } from "../support/postgres.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { until } from "../support/until.ts";

const pg = await usePostgres(import.meta.path);
const token = "123456:multi-instance-test-token";
const key = initDataKey(token);
const pace = { intervalSeconds: 2, batch: 5, gapMs: 20 };

type Fleet = { a: TestServer; b: TestServer; tg: FakeTelegram; sql: SQL; url: string };
let started: Promise<Fleet> | undefined;
const fleet = () => (started ??= startFleet());

async function startFleet(): Promise<Fleet> {
  const { url, sql } = await pg.database();
  const tg = startFakeTelegram();
  const env = {
    DATABASE_URL: url,
    DATABASE_POOL: "8",
    JWT_SECRET: "multi-instance-secret-multi-instance-secret",
    BOT_TOKEN: token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    SKIP_WEB_BUILD: "true",
    SEED_DEMO: "false",
    BROADCAST_INTERVAL: String(pace.intervalSeconds),
    BROADCAST_BATCH: String(pace.batch),
    BROADCAST_GAP_MS: String(pace.gapMs),
  };
  // One after the other: the first applies the migrations, the second finds them done.
  const a = await startTestServer(env);
  const b = await startTestServer(env);
  return { a, b, tg, sql, url };
}

afterAll(async () => {
  if (!started) return;
  const { a, b, tg } = await started;
  await Promise.all([a.stop(), b.stop()]);
  tg.stop();
});

let nextTgId = 8_100_000;
const initData = (tgId: number) => signInitData({ user: { id: tgId, first_name: `Fleet ${tgId}` }, authDate: Math.floor(Date.now() / 1000) }, key);

async function call(server: TestServer, method: string, path: string, options: { token?: string; tgId?: number; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.tgId) headers["x-telegram-init-data"] = initData(options.tgId);
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

const login = async (server: TestServer) => (await call(server, "POST", "/api/auth/login", { body: { email: server.adminEmail, password: server.adminPassword } })).body.token as string;

/** A user signed in through `server`, with `balance` USDT from an admin and a wallet of their own. */
async function fundedUser(f: Fleet, adminToken: string, balance: string) {
  const tgId = nextTgId++;
  const me = (await call(f.a, "GET", "/api/me", { tgId })).body;
  if (balance !== "0") await call(f.b, "POST", `/api/admin/users/${me.id}/adjust`, { token: adminToken, body: { amount: balance, reason: "fleet test" } });
  await call(f.a, "POST", "/api/me/wallet", { tgId, body: { address: `0x${tgId.toString(16).padStart(40, "0")}` } });
  return { id: me.id as number, tgId };
}

const balanceOf = async (f: Fleet, userId: number) => Number((await f.sql`select balance from users where id = ${userId}`)[0].balance);

pg.test("a token from one instance works on the other, and a sign-out on one revokes it on both", async () => {
  const f = await fleet();
  const adminToken = await login(f.a);
  expect((await call(f.b, "GET", "/api/admin/me", { token: adminToken })).status).toBe(200);
  expect((await call(f.a, "POST", "/api/auth/logout", { token: adminToken })).status).toBe(200);
  expect((await call(f.b, "GET", "/api/admin/me", { token: adminToken })).status).toBe(401);
}, 60_000);

pg.test("50 withdrawals at once from one user, split across both instances: exactly one succeeds", async () => {
  const f = await fleet();
  const adminToken = await login(f.a);
  const user = await fundedUser(f, adminToken, "15");
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i % 2 ? f.a : f.b, "POST", "/api/me/withdraw", { tgId: user.tgId, body: { amount: "10" } })));
  expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
  expect(new Set(answers.filter((r) => r.status !== 201).map((r) => r.body.code))).toEqual(new Set(["OPEN_WITHDRAWAL"]));
  expect(await balanceOf(f, user.id)).toBe(5_000_000);
}, 60_000);

pg.test("approve on one instance against reject on the other: one wins, refunded at most once", async () => {
  const f = await fleet();
  const [tokenA, tokenB] = [await login(f.a), await login(f.b)];
  const users = [];
  for (let i = 0; i < 8; i++) users.push(await fundedUser(f, tokenA, "12"));
  const requested = await Promise.all(users.map((u) => call(f.a, "POST", "/api/me/withdraw", { tgId: u.tgId, body: { amount: "12" } })));
  const races = await Promise.all(
    requested.map((r) =>
      Promise.all([
        call(f.a, "PATCH", `/api/admin/withdrawals/${r.body.id}/approve`, { token: tokenA }),
        call(f.b, "PATCH", `/api/admin/withdrawals/${r.body.id}/reject`, { token: tokenB, body: { reason: "race" } }),
      ]),
    ),
  );
  for (const [i, [approved, rejected]] of races.entries()) {
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const refunds = await f.sql`select count(*)::int as n from ledger where reason = 'withdrawal_refund' and ref_id = ${requested[i]!.body.id}`;
    expect(refunds[0].n).toBe(rejected.status === 200 ? 1 : 0);
    expect(await balanceOf(f, users[i]!.id)).toBe(rejected.status === 200 ? 12_000_000 : 0);
  }
}, 60_000);

pg.test("a user banned through one instance is refused by the other within a second", async () => {
  const f = await fleet();
  const adminToken = await login(f.b);
  const tgId = nextTgId++;
  // Signed in on A first, so A holds the user in its cache.
  const me = (await call(f.a, "GET", "/api/me", { tgId })).body;
  const daily = (await call(f.a, "GET", "/api/tasks/active", { tgId })).body.find((t: { kind: string }) => t.kind === "daily_activity");
  expect((await call(f.b, "POST", `/api/admin/users/${me.id}/ban`, { token: adminToken, body: { reason: "farm" } })).status).toBe(200);
  const bannedAt = performance.now();
  await until("instance A to refuse the banned user", async () => (await call(f.a, "GET", "/api/me", { tgId })).body.isBanned === true, 1_000);
  expect(performance.now() - bannedAt).toBeLessThan(1_000);
  if (daily) expect((await call(f.a, "POST", `/api/tasks/${daily.id}/complete`, { tgId })).body.code).toBe("USER_BANNED");
}, 60_000);

pg.test("two flushes at once on the two instances send each message once and keep the fleet's pace", async () => {
  const f = await fleet();
  const adminToken = await login(f.a);
  const recipients: number[] = [];
  for (let i = 0; i < 12; i++) recipients.push((await fundedUser(f, adminToken, "0")).tgId);
  const queued = await call(f.a, "POST", "/api/admin/broadcast", { token: adminToken, body: { message: "Fleet broadcast: one message each, at the fleet's pace." } });
  expect(queued.status).toBe(201);
  const flushes = await Promise.all([f.a, f.b].map((s) => call(s, "POST", "/api/admin/broadcasts/flush", { token: adminToken })));
  // Of two flushes asking at one moment, at most one takes the turn (the leader's own timed
  // flush may have taken it just before): the other waits for the next.
  expect(flushes.every((r) => r.status === 200)).toBe(true);
  expect(flushes.filter((r) => !r.body.stoppedByPace).length).toBeLessThanOrEqual(1);
  const broadcastId = queued.body.broadcast?.id ?? queued.body.id;
  // The leader's scheduler sends the rest, one batch per interval.
  await until("every delivery to be settled", async () => (await f.sql`select count(*)::int as n from broadcast_deliveries where broadcast_id = ${broadcastId} and status in ('pending', 'sending')`)[0].n === 0, 30_000);
  for (const tgId of recipients) {
    expect(f.tg.delivered(tgId).filter((c) => c.body.text.includes("Fleet broadcast"))).toHaveLength(1);
  }
  // Batches start an interval apart, whichever instance sent them. Times are when Telegram got
  // each message: a batch's first send may reach it a little later than the next batch's first
  // (a loaded machine), so a tenth of the interval is allowed; a fleet out of step sends two
  // batches at once, a gap near zero.
  const times = f.tg.delivered().filter((c) => c.body.text.includes("Fleet broadcast")).map((c) => c.at!).sort((a, b) => a - b);
  const batchStarts = times.filter((_, i) => i % pace.batch === 0);
  for (let i = 1; i < batchStarts.length; i++) expect(batchStarts[i]! - batchStarts[i - 1]!).toBeGreaterThanOrEqual(pace.intervalSeconds * 1000 * 0.9);
}, 60_000);

pg.test("an instance killed with SIGKILL under load: the other keeps serving, nothing acknowledged is lost, the ledger holds", async () => {
  const f = await fleet();
  const adminToken = await login(f.b);
  const daily = (await call(f.b, "GET", "/api/admin/tasks", { token: adminToken })).body.find((t: { kind: string; isActive: boolean }) => t.kind === "daily_activity" && t.isActive)
    ?? (await call(f.b, "POST", "/api/admin/tasks", { token: adminToken, body: { kind: "daily_activity", title: "Daily Check-in" } })).body;
  const users = Array.from({ length: 120 }, () => nextTgId++);
  const answers: { tgId: number; status: number; server: "a" | "b" }[] = [];
  const load = Promise.all(
    users.map(async (tgId, i) => {
      await Bun.sleep(i * 4);
      const server = i % 2 ? "a" : "b";
      const res = await call(f[server], "POST", `/api/tasks/${daily.id}/complete`, { tgId }).catch(() => ({ status: 0, body: null }));
      answers.push({ tgId, status: res.status, server });
    }),
  );
  await Bun.sleep(250);
  f.a.signal("SIGKILL");
  await load;
  expect(await f.a.exited).not.toBe(0);
  expect((await fetch(`${f.b.url}/api/health`)).status).toBe(200);
  // B answered every request sent to it, before and after A died.
  expect(answers.filter((r) => r.server === "b" && r.status !== 200)).toEqual([]);
  const acknowledged = answers.filter((r) => r.status === 200).map((r) => r.tgId);
  const kept = await f.sql`select u.tg_id from task_completions c join users u on u.id = c.user_id where c.task_id = ${daily.id} and u.tg_id in ${f.sql(acknowledged)}`;
  expect(kept.map((r: { tg_id: string | number }) => Number(r.tg_id)).sort()).toEqual([...acknowledged].sort());
  // B still takes the requests A would have had.
  expect((await call(f.b, "POST", `/api/tasks/${daily.id}/complete`, { tgId: nextTgId++ })).status).toBe(200);
  const db = openPg(f.url, { max: 2 });
  expect((await checkLedgerPg(db)).problems).toEqual([]);
  await db.$client.close();
}, 60_000);
