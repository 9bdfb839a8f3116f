// Prometheus metrics through the HTTP API, on both engines: who may read GET /metrics, and what
// traffic moves: completions and their rewards to the micro-USDT, withdrawals by status and the
// oldest waiting, referral bonuses held and paid, broadcast deliveries and the queue, the Bot API's
// calls, error codes, and the route templates requests are timed under.
import { afterAll, expect, test } from "bun:test";
import { createApp } from "@/api/app.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { flushBroadcasts } from "@/bot/broadcast-flush.ts";
import { startSender } from "@/bot/sender.ts";
import { createConfig, type Config } from "@/config/env.ts";
import { noBotRuntime } from "@/domain/bot-status.ts";
import type { Deps } from "@/domain/context.ts";
import { eq, sql } from "@/db/ops.ts";
import { usdt } from "@/domain/money.ts";
import { queueNotice } from "@/domain/notices.ts";
import { createMetrics, type Metrics } from "@/observe/metrics/registry.ts";
import { startFakeTelegram } from "./support/fake-telegram.ts";
import { forEachAppEngine, jwtSecret, type TestApp } from "./support/app.ts";
import { sample, samples } from "./support/exposition.ts";
import { until } from "./support/until.ts";

const telegram = startFakeTelegram();
afterAll(() => telegram.stop());

const wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const hash = `0x${"cd".repeat(32)}`;
const loopback = "127.0.0.1";

/**
 * The test app's database and clock behind an app that reports to metrics of its own, wired as
 * server/main.ts wires them: the rules' events, the HTTP layer, and the gauges read at a scrape.
 */
function metered(t: TestApp) {
  const metrics: Metrics = createMetrics();
  const deps: Deps<Config> = { ...t.deps, events: metrics.events };
  metrics.watch({ deps, botStatus: noBotRuntime.botStatus, leading: () => true });
  const peers = new WeakMap<Request, string>();
  const app = createApp(deps, { jwtSecret, metrics, peerAddress: (request) => peers.get(request) });
  async function request(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; from?: string } = {}) {
    const headers = { ...options.headers, ...(options.body !== undefined && { "content-type": "application/json" }) };
    const req = new Request(`http://localhost${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    if (options.from !== undefined) peers.set(req, options.from);
    const res = await app.handle(req);
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined };
  }
  /** The exposition as Prometheus reads it, from this machine. */
  async function scrape() {
    // A request is timed once its answer is out, after the caller has it: let the last one's turn come.
    await Bun.sleep(1);
    const res = await request("GET", "/metrics", { from: loopback });
    expect(res.status).toBe(200);
    return samples(res.text);
  }
  return { deps, metrics, request, scrape, admin: () => t.adminHeaders() };
}

test("METRICS_TOKEN must be a token worth the name: a short or spaced one stops the start, naming it", () => {
  for (const token of ["short", "has spaces in the middle"]) expect(() => createConfig({ METRICS_TOKEN: token })).toThrow(/METRICS_TOKEN: must be at least 16 characters, with no spaces/);
  expect(createConfig({ METRICS_TOKEN: " metrics-token-0123456789 " }).metrics).toEqual({ enabled: true, token: "metrics-token-0123456789" });
  expect(createConfig({ METRICS: "false" }).metrics).toEqual({ enabled: false, token: undefined });
});

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  test("without METRICS_TOKEN only this machine reads /metrics, and no request a proxy forwarded", async () => {
    const m = metered(await makeTestApp());
    for (const from of [loopback, "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      const res = await m.request("GET", "/metrics", { from });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(res.text).toContain("# TYPE refbot_http_request_duration_seconds histogram");
    }
    for (const from of ["10.1.2.3", "2001:db8::1", "::ffff:10.0.0.1"]) {
      const res = await m.request("GET", "/metrics", { from });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("FORBIDDEN");
      expect(res.text).not.toContain("refbot_");
    }
    // No socket at all, and a loopback peer that says it forwarded someone else's request.
    expect((await m.request("GET", "/metrics")).status).toBe(403);
    expect((await m.request("GET", "/metrics", { from: loopback, headers: { "x-forwarded-for": "198.51.100.7" } })).status).toBe(403);
    expect((await m.request("GET", "/metrics", { from: loopback, headers: { forwarded: "for=198.51.100.7" } })).status).toBe(403);
  });

  test("with METRICS_TOKEN the bearer token is required, from anywhere, loopback included", async () => {
    const token = "metrics-token-0123456789abcdef";
    const m = metered(await makeTestApp({ METRICS_TOKEN: token }));
    for (const authorization of [undefined, "Bearer wrong-token", `Bearer ${token}x`, `Basic ${token}`, token]) {
      const res = await m.request("GET", "/metrics", { from: loopback, headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("UNAUTHORIZED");
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    }
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`]) {
      const res = await m.request("GET", "/metrics", { from: "203.0.113.9", headers: { authorization } });
      expect(res.status).toBe(200);
      expect(res.text).toContain("refbot_errors_total");
    }
  });

  test("a completion moves the completions by one and the rewards by its exact amount", async () => {
    const t = await makeTestApp();
    const m = metered(t);
    // 0.35 three times is 1.05; added as floats it would be 1.0499999999999998.
    const task = await t.makeTask({ reward: usdt("0.35") });
    const before = await m.scrape();
    expect(sample(before, "refbot_task_completions_total")).toBe(0);
    expect(sample(before, "refbot_task_rewards_usdt_total")).toBe(0);
    for (const user of await t.makeUsers(3)) {
      expect((await m.request("POST", `/api/tasks/${task.id}/complete`, { headers: t.userHeaders(user.tgId) })).status).toBe(200);
    }
    const after = await m.scrape();
    expect(sample(after, "refbot_task_completions_total")).toBe(3);
    expect(after.text).toContain("\nrefbot_task_rewards_usdt_total 1.05\n");
  });

  test("the last good backup's time, from its record; 0 before any", async () => {
    const t = await makeTestApp();
    const m = metered(t);
    expect(sample(await m.scrape(), "refbot_backup_last_success_timestamp_seconds")).toBe(0);
    for (const finishedAt of ["2026-03-11T03:00:00.250Z", "2026-03-12T03:00:00.500Z"]) {
      await t.deps.store.transaction((db) => db.backups.record({ finishedAt: new Date(finishedAt), file: `/var/backups/refbot-${finishedAt.slice(0, 10)}.sqlite`, engine: "sqlite", schemaVersion: "0014_audit_filters", bytes: 4096 }));
    }
    expect(sample(await m.scrape(), "refbot_backup_last_success_timestamp_seconds")).toBe(Date.parse("2026-03-12T03:00:00.500Z") / 1000);
  });

  test("a withdrawal's request, approval and payment move the gauges by status, the oldest wait and the paid total", async () => {
    const t = await makeTestApp();
    const m = metered(t);
    const user = await t.makeUser();
    await m.request("POST", `/api/admin/users/${user.id}/adjust`, { headers: await m.admin(), body: { amount: "30", reason: "test funds" } });
    await m.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: wallet } });
    const empty = await m.scrape();
    for (const status of ["review", "pending", "approved", "paid", "rejected"]) expect(sample(empty, "refbot_withdrawals", { status })).toBe(0);
    expect(sample(empty, "refbot_withdrawal_oldest_pending_age_seconds")).toBe(0);

    const asked = await m.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount: "12.34" } });
    expect(asked.status).toBe(201);
    t.setNow(new Date(t.now().getTime() + 90_000));
    const pending = await m.scrape();
    expect(sample(pending, "refbot_withdrawals", { status: "pending" })).toBe(1);
    expect(sample(pending, "refbot_withdrawal_oldest_pending_age_seconds")).toBe(90);

    await m.request("PATCH", `/api/admin/withdrawals/${asked.body.id}/approve`, { headers: await m.admin(), body: {} });
    const approved = await m.scrape();
    expect(sample(approved, "refbot_withdrawals", { status: "pending" })).toBe(0);
    expect(sample(approved, "refbot_withdrawals", { status: "approved" })).toBe(1);
    // Approved is still waiting for an admin: the one who pays it.
    expect(sample(approved, "refbot_withdrawal_oldest_pending_age_seconds")).toBe(90);
    expect(sample(approved, "refbot_withdrawals_paid_usdt_total")).toBe(0);

    await m.request("PATCH", `/api/admin/withdrawals/${asked.body.id}/paid`, { headers: await m.admin(), body: { txHash: hash } });
    const paid = await m.scrape();
    expect(sample(paid, "refbot_withdrawals", { status: "approved" })).toBe(0);
    expect(sample(paid, "refbot_withdrawals", { status: "paid" })).toBe(1);
    expect(sample(paid, "refbot_withdrawal_oldest_pending_age_seconds")).toBe(0);
    expect(paid.text).toContain("\nrefbot_withdrawals_paid_usdt_total 12.34\n");

    // A second request, rejected: back out of the open statuses, counted as rejected.
    const again = await m.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount: "10" } });
    await m.request("PATCH", `/api/admin/withdrawals/${again.body.id}/reject`, { headers: await m.admin(), body: { reason: "wrong network" } });
    const rejected = await m.scrape();
    expect(["review", "pending", "approved", "paid", "rejected"].map((status) => sample(rejected, "refbot_withdrawals", { status }))).toEqual([0, 0, 0, 1, 1]);
  });

  test("the withdrawal gauges follow a review cleared, a ban's refund and a fraud confirmed, as the table holds them", async () => {
    const t = await makeTestApp();
    const m = metered(t);
    /** A user with a wallet and 50 USDT, who asks for 10 of them. */
    async function requester(flagged = false) {
      const user = await t.makeUser();
      if (flagged) await t.update("users", { riskStatus: "flagged" }, (u) => eq(u.id, user.id));
      await m.request("POST", `/api/admin/users/${user.id}/adjust`, { headers: await m.admin(), body: { amount: "50", reason: "test funds" } });
      await m.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: `0x${String(user.id).padStart(40, "0")}` } });
      expect((await m.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount: "10" } })).status).toBe(201);
      return user;
    }
    const cleared = await requester(true);
    const confirmed = await requester(true);
    const banned = await requester();
    await requester();
    const waiting = await m.scrape();
    expect(["review", "pending"].map((status) => sample(waiting, "refbot_withdrawals", { status }))).toEqual([2, 2]);

    await m.request("POST", `/api/admin/risk/${cleared.id}/clear`, { headers: await m.admin() });
    await m.request("POST", `/api/admin/risk/${confirmed.id}/confirm`, { headers: await m.admin(), body: { farm: [] } });
    await m.request("POST", `/api/admin/users/${banned.id}/ban`, { headers: await m.admin(), body: { reason: "test" } });
    const table = await t.all(sql`select status, count(*) as n from withdrawals group by status`);
    const counted = Object.fromEntries(table.map((row) => [row.status, Number(row.n)]));
    expect(counted).toEqual({ pending: 2, rejected: 2 });
    const gauges = await m.scrape();
    for (const status of ["review", "pending", "approved", "paid", "rejected"]) expect(sample(gauges, "refbot_withdrawals", { status })).toBe(counted[status] ?? 0);
  });

  test("a held referral bonus shows in the held gauge until its release pays it", async () => {
    const t = await makeTestApp({ REFERRAL_HOLD_HOURS: "1" });
    const m = metered(t);
    const daily = await t.makeTask();
    const channel = await t.makeTask({ kind: "follow_channel", title: "Join", reward: usdt("0.5") });
    const referrer = await t.makeUser();
    const friend = await t.makeUser({}, referrer.refCode);
    const complete = (taskId: number) => m.request("POST", `/api/tasks/${taskId}/complete`, { headers: t.userHeaders(friend.tgId) });
    await complete(channel.id);
    await complete(daily.id);
    t.setNow(new Date(t.now().getTime() + 86_400_000));
    expect((await complete(daily.id)).status).toBe(200);
    const held = await m.scrape();
    expect(held.text).toContain("\nrefbot_referral_bonuses_held_usdt 0.2\n");
    expect(sample(held, "refbot_referral_bonuses_paid_usdt_total")).toBe(0);

    t.setNow(new Date(t.now().getTime() + 3_600_000));
    expect((await m.request("POST", "/api/admin/risk/holds/release", { headers: await m.admin() })).body).toMatchObject({ released: 1 });
    const released = await m.scrape();
    expect(sample(released, "refbot_referral_bonuses_held_usdt")).toBe(0);
    expect(released.text).toContain("\nrefbot_referral_bonuses_paid_usdt_total 0.2\n");
  });

  test("broadcast deliveries sent, failed and skipped, the queue's depth and age, and the Bot API's calls", async () => {
    const t = await makeTestApp();
    const m = metered(t);
    const [sent, blocked] = await t.makeUsers(4);
    telegram.failWhen((call) =>
      call.method === "sendMessage" && Number(call.body.chat_id) === blocked!.tgId ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined,
    );
    const queued = await m.request("POST", "/api/admin/broadcast", { headers: await m.admin(), body: { message: "Hello everyone" } });
    expect(queued.status).toBe(201);
    t.setNow(new Date(t.now().getTime() + 30_000));
    const waiting = await m.scrape();
    expect(sample(waiting, "refbot_broadcast_queue_depth")).toBe(4);
    expect(sample(waiting, "refbot_broadcast_oldest_pending_age_seconds")).toBe(30);

    const api = botApi("123456:TEST", { apiRoot: telegram.apiRoot, timeoutSeconds: 5, metrics: m.metrics.botApi });
    const report = await flushBroadcasts(m.deps, api, { batchSize: 2, gapMs: 0 });
    expect(report.results.map((r) => [r.tgId, r.outcome])).toEqual([
      [sent!.tgId, "sent"],
      [blocked!.tgId, "blocked"],
    ]);
    const flushed = await m.scrape();
    expect(sample(flushed, "refbot_broadcast_queue_depth")).toBe(2);
    expect(sample(flushed, "refbot_broadcast_deliveries_total", { outcome: "sent" })).toBe(1);
    expect(sample(flushed, "refbot_broadcast_deliveries_total", { outcome: "failed" })).toBe(1);
    expect(sample(flushed, "refbot_bot_api_request_duration_seconds_count", { method: "sendMessage" })).toBe(2);
    // A user who blocked the bot is that user's state, not a failure of the Bot API.
    expect(sample(flushed, "refbot_bot_api_errors_total", { method: "sendMessage" })).toBeUndefined();

    expect((await m.request("POST", `/api/admin/broadcasts/${queued.body.broadcast.id}/cancel`, { headers: await m.admin() })).status).toBe(200);
    const cancelled = await m.scrape();
    expect(sample(cancelled, "refbot_broadcast_deliveries_total", { outcome: "skipped" })).toBe(2);
    expect(sample(cancelled, "refbot_broadcast_queue_depth")).toBe(0);
    expect(sample(cancelled, "refbot_broadcast_oldest_pending_age_seconds")).toBe(0);

    telegram.failWhen((call) => (call.method === "getMe" ? { error_code: 500, description: "Internal Server Error" } : undefined));
    await api.getMe().catch(() => {});
    telegram.failWhen(() => undefined);
    expect(sample(await m.scrape(), "refbot_bot_api_errors_total", { method: "getMe" })).toBe(1);
  });

  test("notices sent, skipped for a user who blocked the bot, and expired unsent are counted by outcome", async () => {
    const t = await makeTestApp();
    const m = metered(t);
    const [fresh, blocking, late] = await t.makeUsers(3);
    telegram.failWhen((call) =>
      call.method === "sendMessage" && Number(call.body.chat_id) === blocking!.tgId ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined,
    );
    const lateClock = () => new Date(t.now().getTime() - 25 * 3_600_000);
    await queueNotice({ store: m.deps.store, clock: lateClock }, { kind: "withdrawal_approved", tgId: late!.tgId, amount: "1" });
    for (const u of [fresh!, blocking!]) await queueNotice(m.deps, { kind: "withdrawal_approved", tgId: u.tgId, amount: "1" });
    const before = await m.scrape();
    for (const outcome of ["sent", "failed", "skipped", "expired"]) expect(sample(before, "refbot_notices_total", { outcome })).toBe(0);

    const sender = startSender(m.deps, botApi("123456:TEST", { apiRoot: telegram.apiRoot, timeoutSeconds: 5 }), { leaseMs: 15_000, idleMs: 20 });
    try {
      await until("every notice ended", async () => {
        const after = await m.scrape();
        return ["sent", "skipped", "expired"].every((outcome) => sample(after, "refbot_notices_total", { outcome }) === 1);
      }, 10_000);
    } finally {
      await sender.stop();
      telegram.failWhen(() => undefined);
    }
    expect(sample(await m.scrape(), "refbot_notices_total", { outcome: "failed" })).toBe(0);
  });

  test("error answers are counted by code, and requests timed by route template", async () => {
    const t = await makeTestApp();
    const m = metered(t);
    const task = await t.makeTask();
    const user = await t.makeUser();
    const complete = () => m.request("POST", `/api/tasks/${task.id}/complete`, { headers: t.userHeaders(user.tgId) });
    await complete();
    expect((await complete()).body.code).toBe("ALREADY_COMPLETED");
    expect((await m.request("PATCH", "/api/admin/withdrawals/987654/approve", { headers: await m.admin(), body: {} })).status).toBe(404);
    expect((await m.request("GET", "/api/no-such-route/12345")).status).toBe(404);
    const seen = await m.scrape();
    expect(sample(seen, "refbot_errors_total", { code: "ALREADY_COMPLETED" })).toBe(1);
    expect(sample(seen, "refbot_errors_total", { code: "NOT_FOUND" })).toBe(2);
    const timed = { name: "refbot_http_request_duration_seconds_count" };
    expect(sample(seen, timed.name, { route: "/api/tasks/:id/complete", method: "POST", status_class: "2xx" })).toBe(1);
    expect(sample(seen, timed.name, { route: "/api/tasks/:id/complete", method: "POST", status_class: "4xx" })).toBe(1);
    expect(sample(seen, timed.name, { route: "/api/admin/withdrawals/:id/approve", method: "PATCH", status_class: "4xx" })).toBe(1);
    expect(sample(seen, timed.name, { route: "unmatched", method: "GET", status_class: "4xx" })).toBe(1);
    // No raw path, whose ids would make a series per withdrawal or per guess.
    expect(seen.text).not.toMatch(/987654|12345|route="\/api\/tasks\/\d/);
  });
});
