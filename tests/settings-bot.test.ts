// The bot's texts read the operator's settings as they are now: a new channel link in the welcome,
// a new support link in the answer to a banned user, without a restart.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { createBot, type RefBot } from "@/bot/create-bot.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";
import { makeTestApp, uniqueTgId, type SqliteTestApp } from "./support/app.ts";

const token = "123456:TEST-token";
let tg: FakeTelegram;
let t: SqliteTestApp;
let bot: RefBot;

beforeEach(async () => {
  tg = startFakeTelegram();
  t = await makeTestApp({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, MINIAPP_URL: "https://mini.example/app" });
  bot = createBot(t.deps, { token, apiRoot: tg.apiRoot });
  await bot.init();
});
afterEach(() => tg.stop());

test("the welcome names the channel and a banned user hears of support, each link as last set", async () => {
  const first = uniqueTgId();
  await bot.handleUpdate(tg.message(first, "/start"));
  expect(tg.sent(first)[0]!.body.text).toContain("Our channel: https://t.me/refbot_channel\n");

  const set = await t.request("PATCH", "/api/admin/settings", { headers: await t.adminHeaders(), body: { channelUrl: "https://t.me/coin_club", supportUrl: "https://t.me/coin_club_help" } });
  expect(set.status).toBe(200);
  const second = uniqueTgId();
  await bot.handleUpdate(tg.message(second, "/start"));
  expect(tg.sent(second)[0]!.body.text).toContain("Our channel: https://t.me/coin_club\n");

  const user = await t.makeUser();
  await t.request("POST", `/api/admin/users/${user.id}/ban`, { headers: await t.adminHeaders(), body: { reason: "abuse" } });
  await bot.handleUpdate(tg.message(user.tgId, "/start"));
  expect(tg.sent(user.tgId).map((c) => c.body.text)).toEqual(["Your account is suspended. If you think this is a mistake, please contact support: https://t.me/coin_club_help"]);
});
