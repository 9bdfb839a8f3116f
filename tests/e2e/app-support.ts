// Helpers for the mini app browser tests: the server and Chromium a test file runs against,
// Telegram-like launch URLs with light and dark theme params, a fake Telegram client that records
// the Web App events the app posts, demo-minted init data, and tasks made through the admin API.
import { afterAll, beforeAll } from "bun:test";
import type { Browser, Page } from "playwright-core";
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

/** The launch URL Telegram opens: launch parameters in the hash. */
export function launchUrl(baseUrl: string, path: string, initData: string, theme: Record<string, string> = lightTheme): string {
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "tdesktop",
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

export const telegramEvents = (page: Page) => page.evaluate(() => (window as any).__telegramEvents as TelegramEvent[]);

/** Goes to an app path the way the bottom navigation does, without reloading. */
export async function navigate(page: Page, label: string): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label }).click();
}
