// The log of the real server (`npm start`'s server/main.ts as a process): JSON lines when stdout is
// not a terminal and readable ones when it is; admin actions written under their request; and no
// secret in it, whatever passes through: passwords, tokens, init data, the webhook's secret, the
// bot token inside the Bot API's errors.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";
import { freePort, startTestServer, type TestServer } from "./support/server.ts";
import { until } from "./support/until.ts";

const root = join(import.meta.dir, "..");

describe("every secret that passes through, logged at trace", () => {
  const secrets = {
    botToken: "7100001:AAHlogs-secret-bot-token_0123456789abcdef",
    webhookSecret: "logs-webhook-secret-0123456789",
    jwtSecret: "logs-jwt-secret-0123456789-0123456789-abcdef",
    adminPassword: "logs admin password 0123",
    wrongPassword: "logs wrong password 4567",
    metricsToken: "logs-metrics-token-0123456789abcdef",
  };
  let tg: FakeTelegram;
  let server: TestServer;
  const sent: Record<string, string> = {};

  beforeAll(async () => {
    tg = startFakeTelegram();
    server = await startTestServer({
      LOG_LEVEL: "trace",
      BOT_TOKEN: secrets.botToken,
      TELEGRAM_API_ROOT: tg.apiRoot,
      WEBHOOK_URL: "https://bot.example.test/telegram/webhook",
      WEBHOOK_SECRET: secrets.webhookSecret,
      JWT_SECRET: secrets.jwtSecret,
      ADMIN_PASSWORD: secrets.adminPassword,
      METRICS_TOKEN: secrets.metricsToken,
      SKIP_WEB_BUILD: "true",
      SEED_DEMO: "false",
    });
    await until("the bot to set its webhook", () => tg.calls.some((c) => c.method === "setWebhook"), 15_000);
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    tg.stop();
  });

  test("none of them is in the log, which holds a line for each request and each failure", async () => {
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    expect((await post("/api/auth/login", { email: server.adminEmail, password: secrets.wrongPassword })).status).toBe(401);
    const login = await post("/api/auth/login", { email: server.adminEmail, password: secrets.adminPassword });
    expect(login.status).toBe(200);
    sent.jwt = ((await login.json()) as { token: string }).token;
    const admin = { authorization: `Bearer ${sent.jwt}` };

    sent.initData = signInitData({ user: { id: 7_100_042, first_name: "Logged" }, authDate: Math.floor(Date.now() / 1000) }, initDataKey(secrets.botToken));
    sent.initDataHash = /hash=([0-9a-f]+)/.exec(sent.initData)![1]!;
    const me = await fetch(`${server.url}/api/me`, { headers: { "x-telegram-init-data": sent.initData } });
    expect(me.status).toBe(200);
    const { id: userId } = (await me.json()) as { id: number };
    const ban = await post(`/api/admin/users/${userId}/ban`, { reason: "drill" }, admin);
    expect(ban.status).toBe(200);
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${secrets.metricsToken}` } });

    // An update whose answer cannot reach Telegram: grammY's error names the Bot API address, token and all.
    const start = { update_id: 71, message: { message_id: 1, date: 0, chat: { id: 7101, type: "private" }, from: { id: 7101, is_bot: false, first_name: "Hook" }, text: "/start", entities: [{ type: "bot_command", offset: 0, length: 6 }] } };
    expect((await post("/telegram/webhook", start, { "x-telegram-bot-api-secret-token": "not-the-secret" })).status).toBe(401);
    tg.goDown("down");
    // Answered at once (Telegram waits for nobody's reply), the update handled after: its failure reaches the log.
    expect((await post("/telegram/webhook", start, { "x-telegram-bot-api-secret-token": secrets.webhookSecret })).status).toBe(200);

    // A request's line is written just after its answer.
    const routes = () => server.logLines().flatMap((line) => (line.msg === "request" ? [`${line.method} ${line.route} ${line.status}`] : []));
    const expected = ["POST /api/auth/login 401", "POST /api/auth/login 200", "GET /api/me 200", "POST /api/admin/users/:id/ban 200", "POST /telegram/webhook 401", "POST /telegram/webhook 200"];
    await until("every request's line", () => expected.every((r) => routes().includes(r)), 15_000);
    const lines = server.logLines();
    expect(routes().some((r) => r.startsWith("GET /metrics") || r.startsWith("GET /* "))).toBe(true);
    expect(lines.filter((line) => line.msg === "request received").length).toBeGreaterThanOrEqual(expected.length);
    expect(lines).toContainEqual(expect.objectContaining({ level: "warn", msg: "Telegram unreachable" }));
    // Admin actions are logged from the server's own wiring, under the request that made them.
    expect(lines.find((line) => line.msg === "admin action" && line.action === "user.ban")).toMatchObject({ adminId: 1, target: { type: "user", id: userId }, reqId: ban.headers.get("x-request-id") });

    const output = server.output();
    const found = Object.entries({ ...secrets, botTokenSecretPart: secrets.botToken.split(":")[1]!, ...sent }).filter(([, value]) => output.includes(value));
    expect(found.map(([name]) => name)).toEqual([]);
  }, 60_000);
});

describe("the log's form follows stdout", () => {
  test("not a terminal: every line after the banner is one JSON object", async () => {
    const server = await startTestServer({ LOG_LEVEL: "info", SKIP_WEB_BUILD: "true", SEED_DEMO: "false" });
    try {
      await fetch(`${server.url}/api/health`);
      await until("the request's line", () => server.logLines().some((line) => line.msg === "request"));
      const banner = server.output().split("\n").findIndex((line) => line.startsWith("refbot is running at"));
      const after = server.output().split("\n").slice(banner + 1).filter((line) => line.trim() !== "" && !line.startsWith(" ") && !line.startsWith("DEMO MODE"));
      expect(after.length).toBeGreaterThan(0);
      for (const line of after) expect(() => JSON.parse(line)).not.toThrow();
      expect(server.logLines()).toContainEqual(expect.objectContaining({ level: "info", msg: "refbot started", url: server.url }));
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("a terminal: readable lines, no JSON", async () => {
    const port = await freePort();
    // `script` gives the server a terminal for stdout, as `npm start` in a shell has.
    const proc = Bun.spawn(["script", "-qfec", `timeout 30 ${process.execPath} run server/main.ts`, "/dev/null"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: ":memory:", SKIP_WEB_BUILD: "true", SEED_DEMO: "false", BOT_TOKEN: "", LOG_LEVEL: "info" },
      stdout: "pipe",
      stderr: "pipe",
    });
    let output = "";
    const reading = (async () => {
      for await (const chunk of proc.stdout) output += new TextDecoder().decode(chunk);
    })();
    try {
      await until("the server to answer", () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false), 30_000);
      // Colours and the terminal's line ends taken off, as a reader sees it.
      const text = () => output.replace(/\x1b\[[0-9;]*m/g, "").replaceAll("\r", "");
      await until("the request's line", () => /INFO: request/.test(text()), 10_000);
      expect(text()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: refbot started \{.*"url":"http:\/\/127\.0\.0\.1:\d+"/m);
      expect(text()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request \{.*"route":"\/api\/health".*"status":200/m);
      expect(text().split("\n").filter((line) => line.startsWith("{"))).toEqual([]);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
      await reading;
    }
  }, 60_000);
});
