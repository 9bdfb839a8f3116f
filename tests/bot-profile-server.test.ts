// The server keeps the bot's profile as it starts: the instance that runs the bot syncs it once,
// a restart sends nothing, and on PostgreSQL only the fleet's leader does it.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "./support/server.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";
import { usePostgres } from "./support/postgres.ts";
import { until } from "./support/until.ts";

const token = "123456:TEST-token";
const pg = await usePostgres(import.meta.path);
let tg: FakeTelegram;
const servers: TestServer[] = [];

const start = async (extra: Record<string, string> = {}) => {
  const server = await startTestServer({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, MINIAPP_URL: "https://mini.example/app", SKIP_WEB_BUILD: "true", SEED_DEMO: "false", LOG_LEVEL: "info", ...extra });
  servers.push(server);
  return server;
};
const profileLine = (server: TestServer, msg: string) => until(msg, () => server.logLines().find((l) => l.msg === msg), 20_000);
/** One sync reads each entry's commands once: the default and three languages. */
const syncs = () => tg.calls.filter((c) => c.method === "getMyCommands").length / 4;

beforeEach(() => {
  tg = startFakeTelegram();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  tg.stop();
});

describe("at start", () => {
  test("a server with a bot token syncs the profile once; a restart reads it and sends nothing", async () => {
    const first = await start();
    const updated = await profileLine(first, "the bot's profile was updated at Telegram");
    expect(updated).toMatchObject({ component: "bot", level: "info" });
    expect(updated.changed).toEqual(expect.arrayContaining(["default commands", "ru description", "es short description", "menu button"]));
    expect(tg.profileChanges()).toHaveLength(13);
    expect(tg.profile.menuButton).toEqual({ type: "web_app", text: "Open App", web_app: { url: "https://mini.example/app" } });
    expect(syncs()).toBe(1);
    await first.stop();
    servers.length = 0;

    const second = await start();
    await profileLine(second, "the bot's profile at Telegram is as it should be");
    expect(tg.profileChanges()).toHaveLength(13);
    expect(syncs()).toBe(2);
  });

  test("Telegram refusing the profile does not stop the server, which serves and says why", async () => {
    tg.failWhen((c) => (c.method === "setMyDescription" ? { error_code: 400, description: "Bad Request: description is too long" } : undefined));
    const server = await start();
    const refused = await profileLine(server, "Telegram refused the bot's profile");
    expect(refused).toMatchObject({ level: "error", error: expect.stringContaining("description is too long") });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  test("a product renamed in the settings reaches the descriptions without a restart, and only them", async () => {
    const server = await start();
    await profileLine(server, "the bot's profile was updated at Telegram");
    const before = tg.profileChanges().length;
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
    });
    const { token: adminToken } = (await login.json()) as { token: string };
    const res = await fetch(`${server.url}/api/admin/settings/productName`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ value: "EarnBot" }),
    });
    expect(res.status).toBe(200);
    await until("the renamed descriptions", () => tg.profileChanges().length === before + 8 || undefined, 15_000);
    const sent = tg.profileChanges().slice(before);
    expect(new Set(sent.map((c) => c.method))).toEqual(new Set(["setMyDescription", "setMyShortDescription"]));
    expect(tg.profile.descriptions.get("")).toContain("EarnBot");
    expect(tg.profile.shortDescriptions.get("ru")).toContain("EarnBot");
  });
});

describe("on PostgreSQL", () => {
  pg.test(
    "only the leader syncs; another instance stands by, and syncs (sending nothing) when it takes over",
    async () => {
      const { url } = await pg.database();
      const leader = await start({ DATABASE_URL: url });
      await profileLine(leader, "the bot's profile was updated at Telegram");
      const other = await start({ DATABASE_URL: url });
      await until("the other instance up", () => other.logLines().find((l) => l.msg === "the bot is up" && l.mode === "standing by: another instance takes updates"), 20_000);
      await Bun.sleep(500);
      expect(other.logLines().filter((l) => String(l.msg).includes("profile"))).toEqual([]);
      expect(syncs()).toBe(1);

      await leader.stop();
      servers.splice(servers.indexOf(leader), 1);
      await profileLine(other, "the bot's profile at Telegram is as it should be");
      expect(tg.profileChanges()).toHaveLength(13);
      expect(syncs()).toBe(2);
    },
    60_000,
  );
});
