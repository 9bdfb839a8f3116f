// `npm start` with a bot token: the server process runs the bot (polling or webhook) and the
// broadcast scheduler against a fake Bot API server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { freePort, startTestServer, type TestServer } from "./support/server.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";

const token = "123456:TEST-token";

async function until<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

async function login(server: TestServer) {
  const res = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }) });
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}`, "content-type": "application/json" };
}

describe("long polling", () => {
  let tg: FakeTelegram;
  let server: TestServer;
  beforeAll(async () => {
    tg = startFakeTelegram();
    server = await startTestServer({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, SKIP_WEB_BUILD: "true", BROADCAST_INTERVAL: "1", BROADCAST_GAP_MS: "0", SEED_DEMO: "false" });
  });
  afterAll(async () => {
    await server.stop();
    tg.stop();
  });

  test("the server says the bot runs and the API reports it active", async () => {
    expect(server.output()).toContain("bot:       @refbot_test_bot (long polling)");
    expect(server.output()).not.toContain("DEMO MODE");
    const health = await until("the bot to be polling", async () => {
      const h = (await fetch(`${server.url}/api/health`).then((r) => r.json())) as { botActive: boolean; demoMode: boolean };
      return h.botActive && h;
    });
    expect(health).toMatchObject({ demoMode: false, botActive: true });
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
  test("sets the webhook with its secret and accepts only updates that carry it", async () => {
    const tg = startFakeTelegram();
    const port = await freePort();
    const hook = `http://127.0.0.1:${port}/telegram/webhook`;
    const server = await startTestServer({ PORT: String(port), BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, WEBHOOK_URL: hook, WEBHOOK_SECRET: "s3cret-token", SKIP_WEB_BUILD: "true", SEED_DEMO: "false" });
    try {
      expect(tg.calls.find((c) => c.method === "setWebhook")?.body).toMatchObject({ url: hook, secret_token: "s3cret-token" });
      const update = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 777, type: "private" }, from: { id: 777, is_bot: false, first_name: "Hook" }, text: "/start", entities: [{ type: "bot_command", offset: 0, length: 6 }] } };
      const post = (secret: string) => fetch(hook, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret }, body: JSON.stringify(update) });
      expect((await post("wrong")).status).toBe(401);
      expect(tg.sent(777)).toHaveLength(0);
      expect((await post("s3cret-token")).status).toBe(200);
      expect((await until("webhook reply", () => tg.sent(777)[0])).body.text).toContain("Welcome, Hook!");
    } finally {
      await server.stop();
      tg.stop();
    }
  });
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
