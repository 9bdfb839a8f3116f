// `npm start` with a bot token: the server process runs the bot (polling or webhook) and the
// broadcast scheduler against a fake Bot API server, which may also be down or hang.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { startTestServer, type TestServer } from "./support/server.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";
import { until } from "./support/until.ts";

const token = "123456:TEST-token";

async function login(server: TestServer) {
  const res = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }) });
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}`, "content-type": "application/json" };
}

describe("long polling", () => {
  let tg: FakeTelegram;
  let server: TestServer;
  beforeAll(async () => {
    tg = startFakeTelegram();
    server = await startTestServer({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, SKIP_WEB_BUILD: "true", BROADCAST_INTERVAL: "1", BROADCAST_GAP_MS: "0", SEED_DEMO: "false", LOG_LEVEL: "info" });
  });
  afterAll(async () => {
    await server.stop();
    tg.stop();
  });

  test("the server says the bot runs and the API reports it active", async () => {
    expect(server.output()).toContain("bot:       connecting to Telegram (long polling) in the background");
    expect(server.output()).not.toContain("DEMO MODE");
    const health = await until("the bot to be polling", async () => {
      const h = (await fetch(`${server.url}/api/health`).then((r) => r.json())) as { botActive: boolean; demoMode: boolean };
      return h.botActive && h;
    });
    expect(health).toMatchObject({ demoMode: false, botActive: true, bot: { state: "active", lastError: null, retryAt: null } });
    expect(server.logLines()).toContainEqual(expect.objectContaining({ level: "info", component: "bot", msg: "the bot is up", bot: "@refbot_test_bot", mode: "long polling" }));
  });

  test("a /start update gets a welcome with the bot's real username in the link", async () => {
    tg.message(4242, "/start");
    const reply = await until("welcome", () => tg.sent(4242)[0]);
    expect(reply.body.text).toContain("https://t.me/refbot_test_bot?start=");
  });

  test("the scheduler delivers a queued broadcast by itself; a flush via the API reports an empty batch after", async () => {
    tg.message(4343, "/start");
    await until("second user", () => tg.sent(4343)[0]);
    const headers = await login(server);
    const queued = await fetch(`${server.url}/api/admin/broadcast`, { method: "POST", headers, body: JSON.stringify({ message: "Scheduled hello" }) }).then((r) => r.json());
    expect(queued.queuedCount).toBe(2);
    await until("broadcast sent", () => tg.sent().filter((c) => c.body.text === "Scheduled hello").length === 2);
    const flush = await fetch(`${server.url}/api/admin/broadcasts/flush`, { method: "POST", headers }).then((r) => r.json());
    expect(flush).toMatchObject({ claimed: 0, sent: 0 });
    const health = await fetch(`${server.url}/api/health`).then((r) => r.json());
    expect(health.botActive).toBe(true);
  });
});

describe("webhook", () => {
  // Telegram only learns the public https address; the server serves its path on its own port.
  const hook = "https://bot.example.com/telegram/webhook";
  const startUpdate = (tgId: number, text: string) => ({
    update_id: tgId,
    message: { message_id: 1, date: 0, chat: { id: tgId, type: "private" }, from: { id: tgId, is_bot: false, first_name: "Hook" }, text, entities: [{ type: "bot_command", offset: 0, length: 6 }] },
  });
  const post = (server: TestServer, update: unknown, secret?: string) =>
    fetch(`${server.url}/telegram/webhook`, { method: "POST", headers: { "content-type": "application/json", ...(secret !== undefined && { "x-telegram-bot-api-secret-token": secret }) }, body: JSON.stringify(update) });
  const setWebhook = (tg: FakeTelegram) => until("setWebhook", () => tg.calls.find((c) => c.method === "setWebhook"));

  test("sets the webhook with its secret and accepts only updates that carry it", async () => {
    const tg = startFakeTelegram();
    const server = await startTestServer({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, WEBHOOK_URL: hook, WEBHOOK_SECRET: "s3cret-token", SKIP_WEB_BUILD: "true", SEED_DEMO: "false" });
    try {
      expect((await setWebhook(tg)).body).toMatchObject({ url: hook, secret_token: "s3cret-token" });
      expect((await post(server, startUpdate(777, "/start"), "wrong")).status).toBe(401);
      expect(tg.sent(777)).toHaveLength(0);
      expect((await post(server, startUpdate(777, "/start"), "s3cret-token")).status).toBe(200);
      expect((await until("webhook reply", () => tg.sent(777)[0])).body.text).toContain("Welcome, Hook!");
    } finally {
      await server.stop();
      tg.stop();
    }
  });

  test("without WEBHOOK_SECRET a secret is generated and kept: forged updates create nobody, and a restart registers the same secret", async () => {
    const tg = startFakeTelegram();
    let server = await startTestServer({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, WEBHOOK_URL: hook, SKIP_WEB_BUILD: "true", SEED_DEMO: "false" }, { keep: true });
    const { dir } = server;
    try {
      const kept = join(dir, ".webhook-secret");
      const secret = readFileSync(kept, "utf8").trim();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(kept).mode & 0o777).toBe(0o600);
      expect((await setWebhook(tg)).body).toMatchObject({ url: hook, secret_token: secret });

      // The attack from the issue: forged /start <code> posts that would register users under a referrer.
      const db = new Database(server.databasePath, { readonly: true });
      const count = () => (db.query("select count(*) as n from users").get() as { n: number }).n;
      const before = count();
      for (const [i, forged] of [undefined, "", "guess"].entries()) {
        const res = await post(server, startUpdate(8800 + i, "/start SOMECODE"), forged);
        expect(res.status).toBe(401);
        expect((await res.json()).code).toBe("UNAUTHORIZED");
      }
      expect(count()).toBe(before);
      expect(tg.sent()).toHaveLength(0);
      db.close();

      await server.stop();
      tg.calls.length = 0;
      server = await startTestServer({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, WEBHOOK_URL: hook, SKIP_WEB_BUILD: "true", SEED_DEMO: "false", DATABASE_PATH: join(dir, "refbot.sqlite") });
      expect((await setWebhook(tg)).body).toMatchObject({ secret_token: secret });
      expect((await post(server, startUpdate(8810, "/start"), secret)).status).toBe(200);
      await until("webhook reply", () => tg.sent(8810)[0]);
    } finally {
      await server.stop();
      tg.stop();
    }
  });

  test("a plain-http WEBHOOK_URL stops the start with a message naming it", async () => {
    const proc = Bun.spawn([process.execPath, "run", join(import.meta.dir, "..", "server/main.ts")], {
      env: { ...process.env, BOT_TOKEN: token, WEBHOOK_URL: "http://bot.example.com/telegram/webhook", DATABASE_PATH: ":memory:" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    expect(code).toBe(2);
    expect(stderr).toContain("WEBHOOK_URL: must be an https:// address");
  });
});

describe("Telegram unreachable at start-up", () => {
  type Health = { ok: boolean; botActive: boolean; bot: { state: string; since: string | null; lastError: string | null; retryAt: string | null } };
  const health = (server: TestServer) => fetch(`${server.url}/api/health`).then((r) => r.json() as Promise<Health>);

  test("down: the API serves at once, health says unreachable with the error; the bot comes up when Telegram does", async () => {
    const tg = startFakeTelegram();
    tg.goDown("down");
    const started = Date.now();
    const server = await startTestServer({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, SKIP_WEB_BUILD: "true", SEED_DEMO: "false" });
    try {
      expect(Date.now() - started).toBeLessThan(15_000);
      const down = await until("unreachable", async () => {
        const h = await health(server);
        return h.bot.state === "unreachable" && h;
      });
      expect(down).toMatchObject({ ok: true, botActive: false, bot: { lastError: expect.stringContaining("getMe") } });
      expect(Date.parse(down.bot.since!)).toBeGreaterThan(started - 1000);
      expect(Date.parse(down.bot.retryAt!)).toBeGreaterThan(Date.parse(down.bot.since!));
      expect(server.logLines()).toContainEqual(
        expect.objectContaining({ level: "warn", component: "bot", msg: "could not connect to Telegram", error: expect.stringMatching(/^Network request for 'getMe' failed!/), retryInSeconds: expect.any(Number) }),
      );
      // The rest of the API works meanwhile.
      expect((await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }) })).status).toBe(200);

      tg.comeBack();
      await until("active", async () => (await health(server)).bot.state === "active", 15_000);
      tg.message(4545, "/start");
      await until("welcome", () => tg.sent(4545)[0]);
    } finally {
      await server.stop();
      tg.stop();
    }
  }, 30_000);

  for (const kind of ["down", "hang"] as const) {
    test(`${kind}: SIGTERM stops the server promptly with exit 0`, async () => {
      const tg = startFakeTelegram();
      tg.goDown(kind);
      const server = await startTestServer({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, SKIP_WEB_BUILD: "true", SEED_DEMO: "false" });
      try {
        // A hanging getMe keeps the bot starting until the call times out; a closed port fails at once.
        const { bot } = await health(server);
        expect(kind === "hang" ? ["starting"] : ["starting", "unreachable"]).toContain(bot.state);
        const asked = Date.now();
        server.signal("SIGTERM");
        expect(await server.exited).toBe(0);
        expect(Date.now() - asked).toBeLessThan(3000);
      } finally {
        server.removeDir();
        tg.stop();
      }
    });
  }
});

describe("demo mode", () => {
  test("without a token the bot is off and a flush says why", async () => {
    const server = await startTestServer({ SKIP_WEB_BUILD: "true", SEED_DEMO: "false" });
    try {
      expect(server.output()).toContain("bot:       off (no BOT_TOKEN)");
      const res = await fetch(`${server.url}/api/admin/broadcasts/flush`, { method: "POST", headers: await login(server) });
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe("BOT_NOT_RUNNING");
    } finally {
      await server.stop();
    }
  });
});
