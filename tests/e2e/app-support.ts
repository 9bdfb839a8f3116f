// Helpers for the mini app browser tests: the server and Chromium a test file runs against,
// Telegram-like launch URLs with light and dark theme params, a fake Telegram client that records
// the Web App events the app posts, demo-minted init data, and tasks made through the admin API.
import { afterAll, beforeAll } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { demoInitDataToken } from "@/api/app.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { launchBrowser } from "@/tests/support/browser.ts";
import { ensureWebBuilt } from "@/tests/support/build-web.ts";
import { startTestServer, type TestServer } from "@/tests/support/server.ts";

export type AppServer = { readonly server: TestServer; readonly browser: Browser };

/**
 * The real server (demo mode unless `env` says otherwise, on a fresh seeded database, serving a
 * current web build) and Chromium (with `browserArgs`) for one test file: started before its
 * first test, stopped after its last. The answer stands for both from the start, so the file can
 * name it at the top level.
 */
export function useAppServer(env: Record<string, string> = {}, browserArgs: string[] = []): AppServer {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    await ensureWebBuilt();
    // The build above is current; the server need not check or build it again.
    [server, browser] = await Promise.all([startTestServer({ SKIP_WEB_BUILD: "true", ...env }), launchBrowser(browserArgs)]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  }, 15_000);
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the app server is used before its beforeAll started it");
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}

export const lightTheme = {
  bg_color: "#ffffff",
  text_color: "#000000",
  hint_color: "#999999",
  link_color: "#2481cc",
  button_color: "#2481cc",
  button_text_color: "#ffffff",
  secondary_bg_color: "#efeff3",
  section_bg_color: "#ffffff",
  section_separator_color: "#e7e7e7",
  destructive_text_color: "#ff3b30",
};

export const darkTheme = {
  bg_color: "#212121",
  text_color: "#ffffff",
  hint_color: "#aaaaaa",
  link_color: "#8774e1",
  button_color: "#8774e1",
  button_text_color: "#ffffff",
  secondary_bg_color: "#181818",
  section_bg_color: "#212121",
  section_separator_color: "#100f10",
  destructive_text_color: "#ff595a",
};

export type TelegramEvent = [type: string, data: Record<string, unknown>];

/** Init data the demo server signs for this Telegram id (the user is registered on first use). */
export async function mintInitData(baseUrl: string, tgId: number): Promise<string> {
  const res = await fetch(`${baseUrl}/api/demo/init-data?tgId=${tgId}`);
  if (!res.ok) throw new Error(`demo init data: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { initData: string }).initData;
}

/** A JWT secret for a demo server whose init data a test signs itself (with a language_code, say). */
export const DEMO_JWT_SECRET = "app-tests-demo-secret-0123456789abcdef";

/** Init data as Telegram signs it, for a demo server started with DEMO_JWT_SECRET: `languageCode` is the user's Telegram language. */
export function signedDemoInitData(tgId: number, { firstName = "Tess", username, languageCode }: { firstName?: string; username?: string; languageCode?: string } = {}): string {
  const user = { id: tgId, first_name: firstName, ...(username && { username }), ...(languageCode && { language_code: languageCode }) };
  return signInitData({ user, authDate: Math.floor(Date.now() / 1000) }, initDataKey(demoInitDataToken(DEMO_JWT_SECRET)));
}

/** Creates a task as the server's admin would (POST /api/admin/tasks), answering the task. */
export async function createTaskAsAdmin(server: TestServer, task: Record<string, unknown>): Promise<{ id: number; title: string }> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${server.url}/api/admin/tasks`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(task),
  });
  if (res.status !== 201) throw new Error(`create task: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; title: string };
}

/** The launch URL Telegram opens: launch parameters in the hash; Telegram Desktop's unless `platform` says which client. */
export function launchUrl(baseUrl: string, path: string, initData: string, theme: Record<string, string> = lightTheme, platform = "tdesktop"): string {
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  return `${baseUrl}${path}#${hash}`;
}

/** A phone-sized page whose window has Telegram's TelegramWebviewProxy, recording every event. */
export async function telegramPage(browser: Browser, width = 390): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  await page.addInitScript(() => {
    const events: Array<[string, unknown]> = [];
    (window as any).__telegramEvents = events;
    (window as any).TelegramWebviewProxy = { postEvent: (type: string, data: string) => events.push([type, JSON.parse(data)]) };
  });
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  return page;
}

/**
 * Every event the app posted so far, read once the effects of what the page just did have run:
 * the mini app's effects (which post to Telegram) run after the next paint, in a timer.
 */
export const telegramEvents = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
    await frame();
    await frame();
    return (window as any).__telegramEvents as TelegramEvent[];
  });

/** Goes to an app path the way the bottom navigation does, without reloading (the label in any language). */
export async function navigate(page: Page, label: string): Promise<void> {
  await page.locator("nav").getByRole("link", { name: label, exact: true }).click();
}

/** The last state the app gave Telegram's MainButton: its text when shown, null when hidden. */
export async function mainButton(page: Page): Promise<{ text: string; busy: boolean } | null> {
  const events = await telegramEvents(page);
  const last = events.findLast(([type]) => type === "web_app_setup_main_button")?.[1];
  return last?.is_visible ? { text: String(last.text), busy: !!last.is_progress_visible } : null;
}

/** Presses Telegram's MainButton, as the client reports it. */
export const pressMainButton = (page: Page) => page.evaluate(() => window.Telegram!.WebView!.receiveEvent("main_button_pressed", null));

/** Whether Telegram's back button is shown, by the last state the app set. */
export async function backButtonVisible(page: Page): Promise<boolean> {
  const events = await telegramEvents(page);
  return !!events.findLast(([type]) => type === "web_app_setup_back_button")?.[1].is_visible;
}

/** Waits until the screen has its content: no skeleton left in main. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector("main") && !document.querySelector("main .skeleton, main [aria-busy=true]"), null, { timeout: 8000 });
}

/**
 * Interactive controls on screen lower than 44 px (a finger's target), described for a readable
 * failure: links, buttons, tabs, summaries and fields that are visible.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a[href], button, [role=tab], summary, input:not([type=hidden]), select, textarea")]
      .filter((el) => {
        const rect = el.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== "hidden";
      })
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}" ${Math.round(el.getBoundingClientRect().height)}px`),
  );
}
