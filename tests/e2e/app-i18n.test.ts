// The mini app in the user's language (demo server, init data signed here with Telegram's
// language_code): Russian for "ru", Spanish for "es", English for a language it does not speak;
// only that language's catalogue is downloaded; a language picked on the Info screen is kept on
// the server, so it survives a reload and wins over Telegram's code; counts take each language's
// plural forms and amounts its decimal comma. Screenshots of every screen in each language.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { DEMO_JWT_SECRET, launchUrl, navigate, settled, signedDemoInitData, smallTapTargets, telegramPage, useAppServer } from "./app-support.ts";

const h = useAppServer({ JWT_SECRET: DEMO_JWT_SECRET });

const newTgId = () => 5_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

const navLabels = {
  en: ["Home", "Tasks", "Referrals", "Leaderboard", "Wallet"],
  ru: ["Главная", "Задания", "Рефералы", "Рейтинг", "Кошелёк"],
  es: ["Inicio", "Tareas", "Referidos", "Ranking", "Billetera"],
} as const;

type Language = keyof typeof navLabels;

/** Opens the app as Telegram would, noting every catalogue chunk the page downloads (by its first words). */
async function open(initData: string, path = "/app") {
  const page = await telegramPage(h.browser);
  const catalogues: Array<Promise<string>> = [];
  page.on("response", (response) => {
    if (/\/assets\/.*\.js$/.test(new URL(response.url()).pathname)) {
      catalogues.push(response.text().then((body) => (body.includes('"common.loading":') ? (body.match(/"common\.loading":`([^`]+)`/)?.[1] ?? "?") : "")));
    }
  });
  await page.goto(launchUrl(h.server.url, path, initData));
  await page.locator("nav").waitFor();
  return { page, catalogues: async () => (await Promise.all(catalogues)).filter(Boolean) };
}

const navTexts = (page: Page) => page.locator("nav").getByRole("link").allInnerTexts();

async function me(initData: string) {
  const res = await fetch(`${h.server.url}/api/me`, { headers: { "X-Telegram-Init-Data": initData } });
  return (await res.json()) as { language: string; streak: number };
}

describe("the language", () => {
  test("comes from Telegram's language_code: ru speaks Russian, es Spanish, anything else English; only that catalogue is downloaded", async () => {
    const expected = [
      ["ru", "ru", "Добро пожаловать в RefBot, Lena!", "от 10 USDT", "Загрузка"],
      ["es-419", "es", "¡Te damos la bienvenida a RefBot, Lena!", "Mín. 10 USDT", "Cargando"],
      ["xx", "en", "Welcome to RefBot, Lena!", "Min 10 USDT", "Loading"],
    ] as const;
    for (const [code, language, greeting, minimum, loadingWord] of expected) {
      const initData = signedDemoInitData(newTgId(), { firstName: "Lena", languageCode: code });
      const { page, catalogues } = await open(initData);
      await page.getByTestId("greeting").getByText(greeting).waitFor();
      expect(await navTexts(page)).toEqual([...navLabels[language]]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await page.locator("main").innerText()).toContain(minimum);
      await page.waitForLoadState("networkidle");
      expect(await catalogues()).toEqual([loadingWord]);
      expect((await me(initData)).language).toBe(language);
      await page.close();
    }
  }, 30_000);

  test("picked on the Info screen is kept on the server: it survives a reload and a new device, over Telegram's code", async () => {
    const initData = signedDemoInitData(newTgId(), { firstName: "Max", languageCode: "en" });
    const { page } = await open(initData);
    await page.getByRole("link", { name: "App Info" }).click();
    const picker = page.getByTestId("language-picker");
    expect(await picker.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).toBe("true");
    const saved = page.waitForRequest((request) => request.method() === "PUT" && new URL(request.url()).pathname === "/api/me/language");
    await picker.getByRole("button", { name: "Русский" }).click();
    expect((await saved).postDataJSON()).toEqual({ language: "ru" });
    await page.locator("nav").getByRole("link", { name: "Главная" }).waitFor();
    expect(await navTexts(page)).toEqual([...navLabels.ru]);
    // The Info screen itself switched, its long texts included.
    await page.getByRole("tab", { name: "О нас" }).waitFor();
    expect(await page.locator("main").innerText()).toContain("Как заработать");
    expect(await picker.getByRole("button", { name: "Русский" }).getAttribute("aria-pressed")).toBe("true");
    expect((await me(initData)).language).toBe("ru");

    await page.reload();
    await page.locator("nav").getByRole("link", { name: "Главная" }).waitFor();
    expect(await navTexts(page)).toEqual([...navLabels.ru]);
    expect(new URL(page.url()).pathname).toBe("/app/info");

    // Another device (nothing stored in the browser), the same Telegram code "en": the choice wins.
    const other = await open(initData);
    expect(await navTexts(other.page)).toEqual([...navLabels.ru]);
    await other.page.close();

    await page.getByTestId("language-picker").getByRole("button", { name: "Español" }).click();
    await page.locator("nav").getByRole("link", { name: "Inicio" }).waitFor();
    await page.getByRole("tab", { name: "Privacidad" }).waitFor();
    await page.getByTestId("language-picker").getByRole("button", { name: "English" }).click();
    await page.locator("nav").getByRole("link", { name: "Home" }).waitFor();
    expect((await me(initData)).language).toBe("en");
    await page.close();
  }, 30_000);

  test("counts take the language's plural forms and amounts its decimal separator", async () => {
    const initData = signedDemoInitData(newTgId(), { firstName: "Olga", languageCode: "ru" });
    const { page } = await open(initData);
    const main = page.locator("main");
    await main.getByText("Ещё 50 рефералов до бонуса 10 USDT").waitFor();
    expect(await page.getByTestId("streak").getAttribute("aria-label")).toBe("Серия: 0 дней подряд");
    await navigate(page, "Задания");
    await page.getByTestId("task-daily_activity").getByRole("button", { name: "Выполнить" }).click();
    await toastText(page, "Задание выполнено! Вы получили 0,2 USDT");
    await navigate(page, "Главная");
    await page.getByTestId("quick-daily").getByText("Выполнено сегодня").waitFor();
    expect(await page.getByTestId("streak").getAttribute("aria-label")).toBe("Серия: 1 день подряд");
    expect(await page.getByTestId("total-balance").innerText()).toContain("0,2");
    await page.close();

    const english = await open(signedDemoInitData(newTgId(), { firstName: "Ann", languageCode: "en" }));
    await english.page.locator("main").getByText("50 more to unlock 10 USDT").waitFor();
    expect(await english.page.getByTestId("streak").getAttribute("aria-label")).toBe("Daily streak: 0 days");
    await english.page.close();
  }, 30_000);
});

const screens = [
  ["home", 0],
  ["tasks", 1],
  ["referrals", 2],
  ["leaderboard", 3],
  ["wallet", 4],
] as const;

const updateLabel = { en: "Update", ru: "Изменить", es: "Cambiar" } as const;

/** Opens a screen from the navigation (by its place, whatever the language) and waits for its content. */
async function show(page: Page, place: number) {
  await page.locator("nav").getByRole("link").nth(place).click();
  await settled(page);
}

test("every screen in English, Russian and Spanish: controls at least 44 px high, and screenshots at 390×844", async () => {
  const BOB = 1_000_002; // A seeded user with a wallet, referrals and a withdrawal in progress.
  for (const language of ["en", "ru", "es"] as const) {
    const page = await telegramPage(h.browser, 390);
    await page.goto(launchUrl(h.server.url, "/app", signedDemoInitData(BOB, { firstName: "Bob", username: "bob_2", languageCode: language })));
    await page.locator("nav").getByRole("link", { name: navLabels[language][0], exact: true }).waitFor();
    const check = async (name: string) => {
      expect({ language, name, small: await smallTapTargets(page) }).toEqual({ language, name, small: [] });
      // Every tab shows whole: no tab list needs scrolling sideways to reach its last tab.
      const cut = await page.evaluate(() => [...document.querySelectorAll("[role=tablist]")].filter((list) => list.scrollWidth > list.clientWidth + 1).map((list) => list.getAttribute("aria-label")));
      expect({ language, name, cut }).toEqual({ language, name, cut: [] });
      await screenshot(page, `app-${language}-${name}`);
    };
    for (const [name, place] of screens) {
      await show(page, place);
      await check(name);
      if (name === "referrals") {
        await page.locator("main button[aria-haspopup=dialog]").click();
        await page.getByTestId("referral-qr").waitFor();
        await check("referrals-qr");
        await page.keyboard.press("Escape");
      }
      if (name === "leaderboard") {
        await page.getByRole("tab").nth(2).click();
        await settled(page);
        await check("leaderboard-activity");
      }
      if (name === "wallet") {
        await page.getByRole("tab").nth(1).click();
        await settled(page);
        await check("wallet-withdrawals");
        await page.getByTestId("wallet-address").waitFor();
        await page.locator("main").getByRole("button", { name: updateLabel[language], exact: true }).click();
        await page.getByRole("dialog").locator("input[name=address]").waitFor();
        await check("wallet-address-sheet");
        await page.keyboard.press("Escape");
      }
    }
    await show(page, 0);
    await page.locator('main a[href="/app/info"]').click();
    await page.getByTestId("language-picker").waitFor();
    await settled(page);
    await check("info");
    await page.getByRole("tab").nth(2).click();
    await check("info-faq");
    await page.close();
  }
}, 60_000);
