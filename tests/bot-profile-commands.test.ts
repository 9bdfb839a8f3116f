// /help and /app, the commands the bot's profile offers, answer in the user's language: the one
// they chose in the mini app, else their Telegram app's. On both engines, since the choice is stored.
import { afterEach, expect } from "bun:test";
import { createBot, type RefBot } from "@/bot/create-bot.ts";
import { forEachAppEngine, uniqueTgId, type TestApp } from "./support/app.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";

const token = "123456:TEST-token";
const miniAppUrl = "https://mini.example/app";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let tg: FakeTelegram;
  let t: TestApp;
  let bot: RefBot;

  beforeEach(async () => {
    tg = startFakeTelegram();
    t = await makeTestApp({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, MINIAPP_URL: miniAppUrl });
    bot = createBot(t.deps, { token, apiRoot: tg.apiRoot });
    await bot.init();
  });
  afterEach(() => tg?.stop());

  const reply = async (tgId: number, text: string, extra: Record<string, unknown> = {}) => {
    await bot.handleUpdate(tg.message(tgId, text, extra));
    const sent = tg.sent(tgId);
    return sent[sent.length - 1]!.body;
  };

  test("/help in English: what the bot does, each command of the menu with its description, and Open App", async () => {
    const body = await reply(uniqueTgId(), "/help", { language_code: "en" });
    expect(body.text).toBe(
      [
        "RefBot pays you in USDT for a daily check-in, joining our channel and inviting friends.",
        "/start — Start and get your referral link\n/help — What the bot does, and its commands\n/app — Open the app: balance, tasks, friends",
        "Press Open App to see your balance, tasks, referrals and wallet.",
      ].join("\n\n"),
    );
    expect(body.reply_markup.inline_keyboard[0][0]).toEqual({ text: "Open App", web_app: { url: miniAppUrl } });
  });

  test("/help from a Telegram app in Spanish, before any /start, answers in Spanish", async () => {
    const body = await reply(uniqueTgId(), "/help", { language_code: "es-419" });
    expect(body.text).toStartWith("RefBot te paga en USDT");
    expect(body.text).toContain("/app — Abrir la app: saldo, tareas, amigos");
    expect(body.reply_markup.inline_keyboard[0][0].text).toBe("Abrir app");
  });

  test("/help follows the language a user chose in the mini app over their Telegram app's", async () => {
    const user = await t.makeUser({ languageCode: "en" });
    const chose = await t.request("PUT", "/api/me/language", { headers: { "x-telegram-init-data": t.initDataFor({ tgId: user.tgId, languageCode: "en" }) }, body: { language: "ru" } });
    expect(chose.status).toBe(200);
    const body = await reply(user.tgId, "/help", { language_code: "en" });
    expect(body.text).toStartWith("RefBot платит в USDT");
    expect(body.text).toContain("/help — Что умеет бот и его команды");
    expect(body.text).toContain("Нажмите «Открыть приложение»");
  });

  test("/app answers with the button that opens the mini app, in the user's language", async () => {
    const ru = await reply(uniqueTgId(), "/app", { language_code: "ru" });
    expect(ru).toMatchObject({ text: "Нажмите кнопку ниже, чтобы открыть RefBot." });
    expect(ru.reply_markup.inline_keyboard).toEqual([[{ text: "Открыть приложение", web_app: { url: miniAppUrl } }]]);
    const en = await reply(uniqueTgId(), "/app");
    expect(en.text).toBe("Press the button below to open RefBot.");
  });

  test("the product's name is the operator's setting, as soon as it is changed", async () => {
    const renamed = await t.request("PATCH", "/api/admin/settings", { headers: await t.adminHeaders(), body: { productName: "Coin Club" } });
    expect(renamed.status).toBe(200);
    await t.deps.settings.refresh();
    expect((await reply(uniqueTgId(), "/help")).text).toStartWith("Coin Club pays you in USDT");
    expect((await reply(uniqueTgId(), "/app", { language_code: "es" })).text).toBe("Toca el botón de abajo para abrir Coin Club.");
  });

  test("a banned user's /help and /app get the one polite answer", async () => {
    const user = await t.makeUser({ languageCode: "es" });
    await t.request("POST", `/api/admin/users/${user.id}/ban`, { headers: await t.adminHeaders(), body: { reason: "abuse" } });
    await bot.handleUpdate(tg.message(user.tgId, "/help", { language_code: "es" }));
    await bot.handleUpdate(tg.message(user.tgId, "/app", { language_code: "es" }));
    expect(tg.sent(user.tgId).map((c) => c.body.text)).toEqual(Array(2).fill("Tu cuenta está suspendida. Si crees que es un error, contacta con soporte: https://t.me/refbot_support"));
  });
});
