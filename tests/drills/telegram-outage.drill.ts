// Telegram as an outside service that fails: the bot, its broadcasts and the membership check
// against a fake Bot API that goes down (port closed), answers 502, or hangs, and comes back.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createApp } from "@/api/app.ts";
import { queueBroadcast } from "@/domain/broadcast.ts";
import { usdt } from "@/domain/money.ts";
import { broadcastScheduler } from "@/bot/broadcast-scheduler.ts";
import { flushBroadcasts } from "@/bot/broadcast-flush.ts";
import { createBot, type RefBot } from "@/bot/create-bot.ts";
import { botApiMembershipChecker } from "@/bot/membership.ts";
import { startBot, type BotRuntime } from "@/bot/run.ts";
import { createBotStatus } from "@/bot/status.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { eq } from "@/db/ops.ts";
import { broadcastDeliveries, ledger, taskCompletions } from "@/db/sqlite/schema/index.ts";
import { jwtSecret, makeTestApp, type SqliteTestApp } from "../support/app.ts";
import { startFakeTelegram, type FakeTelegram, type Outage } from "../support/fake-telegram.ts";
import { captureLog, type CapturedLog } from "../support/logs.ts";
import { until } from "../support/until.ts";

const token = "123456:TEST-token";
// Short enough that a hanging Telegram costs a test one second per call.
const timeoutSeconds = 1;
const quickBackoff = { firstMs: 200, capMs: 400 };
let tg: FakeTelegram;
let t: SqliteTestApp;
let logs: CapturedLog;
let log: CapturedLog["log"];

beforeEach(async () => {
  logs = captureLog();
  log = logs.log;
  tg = startFakeTelegram();
  t = await makeTestApp({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, TELEGRAM_TIMEOUT: String(timeoutSeconds), CHANNEL_ID: "@refbot_channel", BROADCAST_INTERVAL: "0", BROADCAST_GAP_MS: "0" });
});
afterEach(() => tg.stop());

const deliveriesOf = (broadcastId: number) => t.db.select().from(broadcastDeliveries).where(eq(broadcastDeliveries.broadcastId, broadcastId)).all();
const options = { batchSize: 28, gapMs: 0 };
const outages: Outage[] = ["down", "5xx", "hang"];

describe("broadcasts during a Bot API outage", () => {
  let bot: RefBot;
  beforeEach(() => {
    bot = createBot(t.deps, { token, apiRoot: tg.apiRoot, log });
  });

  for (const kind of outages) {
    test(`${kind}: each flush stops at once, counts no try and keeps everything queued; afterwards each user gets exactly one message`, async () => {
      const people = await t.makeUsers(5);
      const { id } = await queueBroadcast(t.deps, t.admin.id, "Outage drill");
      tg.goDown(kind);
      for (let run = 0; run < 4; run++) {
        const report = await flushBroadcasts(t.deps, bot.api, options);
        expect(report).toMatchObject({ claimed: 5, sent: 0, failed: 0, retried: 0, blocked: 0, stoppedByOutage: true, leftQueued: 5 });
        expect(report.outageError).toContain("sendMessage");
        // It stopped at the first delivery: the rest were never tried.
        expect(report.results.map((r) => r.outcome)).toEqual(["not_sent", "not_sent", "not_sent", "not_sent", "not_sent"]);
        expect(deliveriesOf(id).every((d) => d.status === "pending" && d.attempts === 0 && d.claimToken === null)).toBe(true);
      }
      expect(tg.sent().length).toBeLessThanOrEqual(kind === "down" ? 0 : 4);
      tg.comeBack();
      const after = await flushBroadcasts(t.deps, bot.api, options);
      expect(after).toMatchObject({ claimed: 5, sent: 5, stoppedByOutage: false, leftQueued: 0 });
      for (const p of people) expect(tg.delivered(p.tgId).map((c) => c.body.text)).toEqual(["Outage drill"]);
      expect(deliveriesOf(id).every((d) => d.status === "sent" && d.attempts === 1)).toBe(true);
    }, 15_000);
  }

  test("an outage in the middle of a batch keeps what was sent and puts back the rest, the failed one included", async () => {
    for (let i = 0; i < 4; i++) await t.makeUser();
    const { id } = await queueBroadcast(t.deps, t.admin.id, "Half and half");
    let sends = 0;
    tg.failWhen((c) => (c.method === "sendMessage" && ++sends >= 3 ? { error_code: 503, description: "Service Unavailable" } : undefined));
    const report = await flushBroadcasts(t.deps, bot.api, options);
    expect(report).toMatchObject({ claimed: 4, sent: 2, stoppedByOutage: true, outageError: "Call to 'sendMessage' failed! (503: Service Unavailable)", leftQueued: 2 });
    expect(deliveriesOf(id).map((d) => [d.status, d.attempts])).toEqual([["sent", 1], ["sent", 1], ["pending", 0], ["pending", 0]]);
  });

  test("only an answer about the user ends a delivery: 403 blocks, 400 chat not found fails at once", async () => {
    const [gone, blocked, fine] = [await t.makeUser(), await t.makeUser(), await t.makeUser()];
    tg.failWhen((c) =>
      c.method !== "sendMessage" ? undefined
      : Number(c.body.chat_id) === gone.tgId ? { error_code: 400, description: "Bad Request: chat not found" }
      : Number(c.body.chat_id) === blocked.tgId ? { error_code: 403, description: "Forbidden: bot was blocked by the user" }
      : undefined,
    );
    const { id } = await queueBroadcast(t.deps, t.admin.id, "Per-user answers");
    const report = await flushBroadcasts(t.deps, bot.api, options);
    expect(report).toMatchObject({ sent: 1, failed: 1, blocked: 1, retried: 0, stoppedByOutage: false });
    const byUser = new Map(deliveriesOf(id).map((d) => [d.userId, d]));
    expect(byUser.get(gone.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "Call to 'sendMessage' failed! (400: Bad Request: chat not found)" });
    expect(byUser.get(blocked.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect(byUser.get(fine.id)).toMatchObject({ status: "sent" });
  });

  test("the scheduler backs off after an outage: flushes in the wait answer at once and make no call", async () => {
    for (let i = 0; i < 3; i++) await t.makeUser();
    await queueBroadcast(t.deps, t.admin.id, "Backing off");
    const scheduler = broadcastScheduler(t.deps, bot.api, { log, backoff: quickBackoff });
    tg.goDown("5xx");
    const first = await scheduler.flush();
    expect(first).toMatchObject({ claimed: 3, stoppedByOutage: true, retryAfterSeconds: 1 });
    const callsAfterFirst = tg.sent().length;
    const waiting = await scheduler.flush();
    expect(waiting).toMatchObject({ claimed: 0, stoppedByOutage: true, outageError: first.outageError, leftQueued: 3, results: [] });
    expect(tg.sent().length).toBe(callsAfterFirst);
    expect(logs.lines()).toEqual([expect.objectContaining({ level: "warn", msg: "broadcast flush stopped: the Bot API is unreachable", leftQueued: 3, retryInSeconds: 1 })]);

    tg.comeBack();
    const done = await until("the wait to end and the flush to send", async () => {
      const r = await scheduler.flush();
      return r.sent > 0 && r;
    }, 5_000);
    expect(done).toMatchObject({ claimed: 3, sent: 3, stoppedByOutage: false, leftQueued: 0 });
    await scheduler.stop();
  });

  test("a stop cuts a flush that waits on a hanging Telegram short and puts its deliveries back untried", async () => {
    for (let i = 0; i < 3; i++) await t.makeUser();
    const { id } = await queueBroadcast(t.deps, t.admin.id, "Stopping midway");
    const scheduler = broadcastScheduler(t.deps, bot.api, { log, backoff: quickBackoff });
    tg.goDown("hang");
    const flushing = scheduler.flush();
    await until("the send to hang", () => tg.sent().length === 1);
    const started = Date.now();
    await scheduler.stop();
    expect(Date.now() - started).toBeLessThan(500);
    expect((await flushing).results.map((r) => r.outcome)).toEqual(["not_sent", "not_sent", "not_sent"]);
    expect(deliveriesOf(id).every((d) => d.status === "pending" && d.attempts === 0)).toBe(true);
  });
});

describe("channel membership during a Bot API outage", () => {
  for (const kind of outages) {
    test(`${kind}: completing follow_channel answers 503 MEMBERSHIP_UNAVAILABLE, logs one line and changes nothing`, async () => {
      t.deps.membership = botApiMembershipChecker(botApi(token, { apiRoot: tg.apiRoot, timeoutSeconds }), "@refbot_channel", log);
      const user = await t.makeUser();
      const task = await t.makeTask({ kind: "follow_channel", reward: usdt("0.5") });
      tg.members.add(user.tgId);
      tg.goDown(kind);
      const started = Date.now();
      const res = await t.request("POST", `/api/tasks/${task.id}/complete`, { headers: t.userHeaders(user.tgId) });
      expect(Date.now() - started).toBeLessThan(timeoutSeconds * 1000 + 1000);
      expect(res).toEqual({ status: 503, body: { code: "MEMBERSHIP_UNAVAILABLE", message: "Could not check your channel membership, try again" } });
      expect(logs.lines()).toEqual([expect.objectContaining({ level: "warn", msg: "could not check channel membership", tgId: user.tgId, channelId: "@refbot_channel" })]);
      expect(await t.userRow(user.id)).toMatchObject({ balance: 0, channelJoined: false, tasksCompleted: 0 });
      expect(t.db.select().from(taskCompletions).where(eq(taskCompletions.userId, user.id)).all()).toEqual([]);
      expect(t.db.select().from(ledger).where(eq(ledger.userId, user.id)).all()).toEqual([]);

      tg.comeBack();
      const paid = await t.request("POST", `/api/tasks/${task.id}/complete`, { headers: t.userHeaders(user.tgId) });
      expect(paid).toMatchObject({ status: 200, body: { reward: "0.50" } });
    });
  }
});

describe("the bot's state", () => {
  let runtime: BotRuntime | undefined;
  afterEach(async () => {
    await runtime?.stop();
    runtime = undefined;
  });
  const health = async (rt: BotRuntime) => {
    const res = await createApp(t.deps, { jwtSecret, runtime: rt }).handle(new Request("http://localhost/api/health"));
    return (await res.json()) as { ok: boolean; botActive: boolean; bot: { state: string; since: string | null; lastError: string | null; retryAt: string | null } };
  };

  test("starting with Telegram down: unreachable since the first failure, each failure one line; active once it is back", async () => {
    tg.goDown("down");
    runtime = startBot(t.deps, { log, backoff: quickBackoff, status: createBotStatus(() => new Date(), log) });
    const down = await until("a failed start", async () => {
      const h = await health(runtime!);
      return h.bot.state === "unreachable" && logs.lines().length >= 2 && h;
    });
    expect(down).toMatchObject({ ok: true, botActive: false, bot: { state: "unreachable", lastError: expect.stringContaining("ECONNREFUSED") } });
    expect(new Date(down.bot.retryAt!).getTime()).toBeGreaterThan(Date.now() - 1000);
    const failures = expect.objectContaining({ level: "warn", msg: "could not connect to Telegram", error: expect.stringMatching(/^Network request for 'getMe' failed!/), retryInSeconds: expect.any(Number) });
    expect(logs.lines().slice(0, 2)).toEqual([failures, failures]);

    tg.comeBack();
    const up = await until("the bot to be active", async () => {
      const h = await health(runtime!);
      return h.bot.state === "active" && h;
    });
    expect(up).toMatchObject({ botActive: true, bot: { state: "active", retryAt: null } });
    expect(logs.lines()).toContainEqual(expect.objectContaining({ level: "info", msg: "the bot is up", bot: "@refbot_test_bot", mode: "long polling" }));
    expect(t.deps.config.bot.username).toBe("refbot_test_bot");
  });

  test("an outage while polling shows as unreachable with its error, and recovery as active again", async () => {
    runtime = startBot(t.deps, { log, backoff: quickBackoff });
    await until("active", () => runtime!.botStatus().state === "active");
    // The profile's sync at start is done first, so the outage meets the long poll's call alone.
    await until("the profile synced", () => logs.lines().some((l) => l.msg.startsWith("the bot's profile")));
    tg.goDown("5xx");
    const lost = await until("unreachable", () => runtime!.botStatus().state === "unreachable" && runtime!.botStatus());
    expect(lost.lastError).toBe("Call to 'getUpdates' failed! (502: Bad Gateway)");
    expect(logs.lines()).toContainEqual(expect.objectContaining({ level: "warn", msg: "Telegram unreachable", error: "Call to 'getUpdates' failed! (502: Bad Gateway)" }));
    tg.comeBack();
    await until("active again", () => runtime!.botStatus().state === "active");
    expect(logs.lines()).toContainEqual(expect.objectContaining({ level: "info", msg: "Telegram can be reached again" }));
  });

  test("a hanging Telegram keeps the bot starting, and a stop ends it at once", async () => {
    tg.goDown("hang");
    runtime = startBot(t.deps, { log, backoff: quickBackoff });
    await Bun.sleep(200);
    expect(runtime.botStatus().state).toBe("starting");
    const started = Date.now();
    await runtime.stop();
    runtime = undefined;
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe("webhook route", () => {
  test("refuses a missing or wrong secret with 401, answers 503 until the bot knows itself, then handles updates", async () => {
    const config = { ...t.deps.config, bot: { ...t.deps.config.bot, webhookUrl: "https://bot.example.com/telegram/webhook" } };
    const deps = { ...t.deps, config };
    tg.goDown("down");
    const runtime = startBot(deps, { log, backoff: quickBackoff, webhookSecret: "kept-secret" });
    try {
      const app = createApp(deps, { jwtSecret, runtime }).use(runtime.webhook!);
      const update = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 4401, type: "private" }, from: { id: 4401, is_bot: false, first_name: "Hook" }, text: "/start", entities: [{ type: "bot_command", offset: 0, length: 6 }] } };
      const post = (secret?: string) =>
        app.handle(new Request("http://localhost/telegram/webhook", { method: "POST", headers: { "content-type": "application/json", ...(secret && { "x-telegram-bot-api-secret-token": secret }) }, body: JSON.stringify(update) }));
      for (const secret of [undefined, "wrong", "kept-secret-but-longer"]) {
        const res = await post(secret);
        expect({ status: res.status, body: await res.json() }).toEqual({ status: 401, body: { code: "UNAUTHORIZED", message: "Wrong webhook secret token", requestId: res.headers.get("x-request-id") } });
      }
      const starting = await post("kept-secret");
      expect({ status: starting.status, code: (await starting.json()).code }).toEqual({ status: 503, code: "BOT_STARTING" });
      tg.comeBack();
      await until("the webhook to be set", () => runtime.botStatus().state === "active");
      expect(tg.calls.find((c) => c.method === "setWebhook")?.body).toMatchObject({ url: config.bot.webhookUrl, secret_token: "kept-secret" });
      expect((await post("kept-secret")).status).toBe(200);
      await until("the reply", () => tg.sent(4401)[0]);
    } finally {
      await runtime.stop();
    }
  });
});
