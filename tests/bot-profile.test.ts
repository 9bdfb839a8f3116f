// The bot's profile at Telegram (commands, descriptions, menu button) against the fake Bot API,
// which keeps each value per language: what a sync reads, what it sends, and what it leaves alone.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { say } from "@/domain/i18n/bot.ts";
import { languages } from "@/domain/i18n/languages.ts";
import { commandNames, profileFor, profileLimits } from "@/bot/profile.ts";
import { botProfileKeeper } from "@/bot/profile-keeper.ts";
import { profileScopes, syncBotProfile } from "@/bot/profile-sync.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";
import { captureLog } from "./support/logs.ts";
import { until } from "./support/until.ts";

const token = "123456:TEST-token";
const miniAppUrl = "https://mini.example/app";
const options = { productName: "RefBot", miniAppUrl };
let tg: FakeTelegram;
const api = () => botApi(token, { apiRoot: tg.apiRoot, timeoutSeconds: 5 });
/** Each profile change sent, as "method language" ("default" for the entry without a language_code). */
const changes = () => tg.profileChanges().map((c) => `${c.method} ${c.body.language_code ?? "default"}`);
const getters = () => tg.calls.filter((c) => c.method.startsWith("get") && c.method !== "getMe").length;

beforeEach(() => {
  tg = startFakeTelegram();
});
afterEach(() => tg.stop());

describe("syncing the profile", () => {
  test("a first sync sets the default entry (in English) and each language's commands, descriptions and the menu button", async () => {
    const report = await syncBotProfile(api(), options);
    const perScope = (scope: string) => [`setMyCommands ${scope}`, `setMyDescription ${scope}`, `setMyShortDescription ${scope}`];
    expect(changes()).toEqual([...perScope("default"), ...perScope("en"), ...perScope("ru"), ...perScope("es"), "setChatMenuButton default"]);
    expect(report.changed).toBe(13);
    expect(report.languages).toEqual(profileScopes.map((language) => ({ language, commands: "set", description: "set", shortDescription: "set" })));
    expect(profileScopes).toEqual(["default", "en", "ru", "es"]);

    expect(tg.profile.commands.get("")).toEqual([
      { command: "start", description: "Start and get your referral link" },
      { command: "help", description: "What the bot does, and its commands" },
      { command: "app", description: "Open the app: balance, tasks, friends" },
    ]);
    expect(tg.profile.commands.get("ru")!.map((c) => c.description)).toEqual(["Начать и получить реферальную ссылку", "Что умеет бот и его команды", "Открыть приложение: баланс, задания, друзья"]);
    expect(tg.profile.commands.get("es")!.map((c) => c.command)).toEqual(["start", "help", "app"]);
    expect(tg.profile.descriptions.get("")).toStartWith("RefBot pays you in USDT for simple actions");
    expect(tg.profile.descriptions.get("en")).toBe(tg.profile.descriptions.get(""));
    expect(tg.profile.descriptions.get("ru")).toStartWith("RefBot платит в USDT");
    expect(tg.profile.descriptions.get("es")).toStartWith("RefBot te paga en USDT");
    expect(tg.profile.shortDescriptions.get("")).toBe("RefBot: earn USDT for a daily check-in, joining our channel and inviting friends.");
    expect(tg.profile.shortDescriptions.get("ru")).toBe("RefBot: USDT за ежедневную отметку, подписку на наш канал и приглашение друзей.");
    expect(tg.profile.menuButton).toEqual({ type: "web_app", text: "Open App", web_app: { url: miniAppUrl } });
    expect(report.menuButton).toEqual({ state: "set", url: miniAppUrl, text: "Open App" });
  });

  test("a second sync reads every value and sends nothing", async () => {
    await syncBotProfile(api(), options);
    tg.calls.length = 0;
    const report = await syncBotProfile(api(), options);
    expect(changes()).toEqual([]);
    // Three values for each of four entries, and the menu button.
    expect(getters()).toBe(13);
    expect(report.changed).toBe(0);
    expect(report.menuButton.state).toBe("unchanged");
    expect(report.languages.every((s) => s.commands === "unchanged" && s.description === "unchanged" && s.shortDescription === "unchanged")).toBe(true);
  });

  test("one language's description changed at Telegram (BotFather, another tool): exactly that one is sent back", async () => {
    await syncBotProfile(api(), options);
    const wanted = tg.profile.descriptions.get("ru");
    tg.profile.descriptions.set("ru", "Описание, изменённое вручную");
    tg.calls.length = 0;
    const report = await syncBotProfile(api(), options);
    expect(changes()).toEqual(["setMyDescription ru"]);
    expect(tg.profile.descriptions.get("ru")).toBe(wanted);
    expect(report.changed).toBe(1);
    expect(report.languages.find((s) => s.language === "ru")).toEqual({ language: "ru", commands: "unchanged", description: "set", shortDescription: "unchanged" });
  });

  test("a command list changed by hand, or a menu button opening something else, is put back; nothing more", async () => {
    await syncBotProfile(api(), options);
    tg.profile.commands.set("es", [{ command: "start", description: "Empezar" }]);
    tg.profile.menuButton = { type: "commands" };
    tg.calls.length = 0;
    await syncBotProfile(api(), options);
    expect(changes()).toEqual(["setMyCommands es", "setChatMenuButton default"]);
    expect(tg.profile.commands.get("es")).toEqual(profileFor("es", "RefBot").commands);

    tg.profile.menuButton = { type: "web_app", text: "Open App", web_app: { url: "https://old.example/app" } };
    tg.calls.length = 0;
    await syncBotProfile(api(), options);
    expect(changes()).toEqual(["setChatMenuButton default"]);
    expect(tg.profile.menuButton.web_app.url).toBe(miniAppUrl);
  });

  test("the product's name is in the descriptions: renamed, each description is sent again and the commands are not", async () => {
    await syncBotProfile(api(), options);
    tg.calls.length = 0;
    const report = await syncBotProfile(api(), { ...options, productName: "Coin Club" });
    expect(changes().toSorted()).toEqual(["default", "en", "ru", "es"].flatMap((l) => [`setMyDescription ${l}`, `setMyShortDescription ${l}`]).toSorted());
    expect(report.changed).toBe(8);
    expect(tg.profile.descriptions.get("es")).toStartWith("Coin Club te paga");
  });

  test("a MINIAPP_URL that is not https gets no menu button: none is read or set, and the report says skipped", async () => {
    const report = await syncBotProfile(api(), { ...options, miniAppUrl: "http://127.0.0.1:3000/app" });
    expect(tg.calls.some((c) => c.method === "getChatMenuButton" || c.method === "setChatMenuButton")).toBe(false);
    expect(tg.profile.menuButton).toEqual({ type: "default" });
    expect(report.menuButton).toEqual({ state: "skipped", url: "http://127.0.0.1:3000/app" });
    expect(report.changed).toBe(12);
  });

  test("a dry run reads, reports what differs and sends nothing", async () => {
    await syncBotProfile(api(), options);
    tg.profile.shortDescriptions.set("", "old");
    tg.calls.length = 0;
    const report = await syncBotProfile(api(), { ...options, dryRun: true });
    expect(changes()).toEqual([]);
    expect(report).toMatchObject({ dryRun: true, changed: 1, menuButton: { state: "unchanged" } });
    expect(report.languages[0]).toEqual({ language: "default", commands: "unchanged", description: "unchanged", shortDescription: "differs" });
    expect(tg.profile.shortDescriptions.get("")).toBe("old");
  });

  test("Telegram away: the sync fails as Telegram being unreachable, having set nothing", async () => {
    tg.goDown("5xx");
    const failed = await syncBotProfile(api(), options).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failed?.message).toContain("502");
    expect(tg.profile.commands.size).toBe(0);
  });
});

describe("the profile's texts", () => {
  test("every language's texts fit Telegram's limits, even with the longest product name an operator may give", () => {
    const longest = "W".repeat(32);
    for (const language of languages) {
      const profile = profileFor(language, longest);
      expect({ language, description: profile.description.length <= profileLimits.description }).toEqual({ language, description: true });
      expect({ language, short: profile.shortDescription.length <= profileLimits.shortDescription }).toEqual({ language, short: true });
      for (const c of profile.commands) expect({ language, command: c.command, fits: c.description.length > 0 && c.description.length <= profileLimits.commandDescription }).toEqual({ language, command: c.command, fits: true });
      expect(profile.commands.map((c) => c.command)).toEqual([...commandNames]);
    }
    expect(say("ru", "profile.short_description", { product: "X" })).not.toBe(say("en", "profile.short_description", { product: "X" }));
  });
});

describe("keeping the profile at start", () => {
  const fast = { firstMs: 50, capMs: 100, random: () => 1 };

  test("logs what it changed, then that all is as it should be on the next start", async () => {
    const { log, lines } = captureLog();
    const first = botProfileKeeper(api(), { productName: () => "RefBot", miniAppUrl, log });
    first.ensure();
    first.ensure();
    const updated = await until("the profile updated", () => lines().find((l) => l.msg === "the bot's profile was updated at Telegram"));
    expect(updated.changed).toContain("ru description");
    expect(updated.changed).toContain("menu button");
    await first.stop();
    // One sync, though asked twice.
    expect(tg.profileChanges()).toHaveLength(13);

    const second = botProfileKeeper(api(), { productName: () => "RefBot", miniAppUrl, log });
    second.ensure();
    await until("the profile checked", () => lines().find((l) => l.msg === "the bot's profile at Telegram is as it should be"));
    await second.stop();
    expect(tg.profileChanges()).toHaveLength(13);
  });

  test("Telegram away at first: a warning, then the sync once Telegram is back", async () => {
    const { log, lines } = captureLog();
    tg.goDown("5xx");
    const keeper = botProfileKeeper(api(), { productName: () => "RefBot", miniAppUrl, log, backoff: fast });
    keeper.ensure();
    const warned = await until("a warning", () => lines().find((l) => l.msg === "could not sync the bot's profile with Telegram"));
    expect(warned).toMatchObject({ level: "warn", retryInSeconds: 1 });
    tg.comeBack();
    await until("the profile updated", () => lines().some((l) => l.msg === "the bot's profile was updated at Telegram"));
    await keeper.stop();
    expect(tg.profile.descriptions.get("es")).toStartWith("RefBot te paga");
  });

  test("a value Telegram refuses is logged once as an error and not sent again", async () => {
    const { log, lines } = captureLog();
    tg.failWhen((c) => (c.method === "setMyShortDescription" ? { error_code: 400, description: "Bad Request: short description is too long" } : undefined));
    const keeper = botProfileKeeper(api(), { productName: () => "RefBot", miniAppUrl, log, backoff: fast });
    keeper.ensure();
    const refused = await until("the refusal", () => lines().find((l) => l.msg === "Telegram refused the bot's profile"));
    expect(refused).toMatchObject({ level: "error", error: expect.stringContaining("short description is too long") });
    await Bun.sleep(200);
    keeper.ensure();
    await keeper.stop();
    expect(tg.calls.filter((c) => c.method === "setMyShortDescription")).toHaveLength(1);
  });

  test("no menu button for a MINIAPP_URL that is not https: one line says why", async () => {
    const { log, lines } = captureLog();
    const keeper = botProfileKeeper(api(), { productName: () => "RefBot", miniAppUrl: "http://127.0.0.1:3000/app", log });
    keeper.ensure();
    const skipped = await until("the skip", () => lines().find((l) => l.msg.startsWith("the menu button is left as it is")));
    expect(skipped).toMatchObject({ level: "info", miniAppUrl: "http://127.0.0.1:3000/app" });
    await keeper.stop();
  });
});
