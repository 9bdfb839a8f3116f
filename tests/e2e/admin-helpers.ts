// What every admin browser test needs: a current web build, the real server on a fresh seeded
// database, Chromium, and pages that are either signed in (token put where the panel keeps it)
// or not. Each test file gets its own server, so files never share rows.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { join } from "node:path";
import { launchBrowser, screenshotDir } from "@/tests/support/browser.ts";
import { ensureWebBuilt } from "@/tests/support/build-web.ts";
import { startTestServer, type TestServer } from "@/tests/support/server.ts";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export type AdminHarness = {
  server: TestServer;
  browser: Browser;
  token: string;
  /** A page at `viewport` with the admin signed in (unless signedIn is false). */
  page: (options?: { viewport?: { width: number; height: number }; signedIn?: boolean }) => Promise<Page>;
  /** GET an admin API path with the harness' token. */
  api: <T>(path: string, init?: RequestInit) => Promise<T>;
  /** A read-only handle on the server's SQLite file. */
  db: () => Database;
  close: () => Promise<void>;
};

/** `env` adds to the server's environment (e.g. a BOT_TOKEN and a fake Bot API). */
export async function startAdminHarness(env: Record<string, string> = {}): Promise<AdminHarness> {
  await ensureWebBuilt();
  // The build above is current; the server need not check or build it again.
  const server = await startTestServer({ SKIP_WEB_BUILD: "true", ...env });
  const browser = await launchBrowser();
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const contexts: BrowserContext[] = [];
  const databases: Database[] = [];

  return {
    server,
    browser,
    token,
    page: async ({ viewport = DESKTOP, signedIn = true } = {}) => {
      const context = await browser.newContext({ viewport, baseURL: server.url });
      contexts.push(context);
      // Once per tab (sessionStorage survives navigation), so a sign-out in the test stays signed out.
      if (signedIn) {
        await context.addInitScript((value) => {
          if (sessionStorage.getItem("token-seeded")) return;
          sessionStorage.setItem("token-seeded", "1");
          localStorage.setItem("admin_token", value);
        }, token);
      }
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
    api: async <T>(path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.url}/api/${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    db: () => {
      const db = new Database(server.databasePath, { readonly: true });
      databases.push(db);
      return db;
    },
    close: async () => {
      for (const db of databases) db.close();
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * The harness of one test file: started before its first test and closed after its last. The
 * answer stands for it from the start, so the file can name it at the top level.
 */
export function useAdminHarness(env: Record<string, string> = {}): AdminHarness {
  let started: AdminHarness | undefined;
  beforeAll(async () => {
    started = await startAdminHarness(env);
  }, 90_000);
  afterAll(async () => {
    await started?.close();
  });
  const current = () => {
    if (!started) throw new Error("the admin harness is used before its beforeAll started it");
    return started;
  };
  return {
    get server() {
      return current().server;
    },
    get browser() {
      return current().browser;
    },
    get token() {
      return current().token;
    },
    page: (options) => current().page(options),
    api: (path, init) => current().api(path, init),
    db: () => current().db(),
    close: () => current().close(),
  };
}

/** A screenshot of what the viewport shows, for open dialogs (a full-page shot stretches the overlay). */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}
