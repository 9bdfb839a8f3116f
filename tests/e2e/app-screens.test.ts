// The mini app as a seeded demo user sees it, opened the way Telegram opens it: every screen's
// content against the API's answers, the Web App events it sends, theme, back button and tap
// targets, and screenshots of each screen in light and dark at 390 px.
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { displayUsdt } from "@/domain/money.ts";
import { screenshot } from "@/tests/support/browser.ts";
import { backButtonVisible, darkTheme, launchUrl, lightTheme, mainButton, mintInitData, navigate, settled, smallTapTargets, telegramEvents, telegramPage, useAppServer } from "./app-support.ts";

const ALICE = 1_000_001; // The first seeded demo user: has referrals, activity and a rank.
const h = useAppServer();
let initData: string;
let page: Page;
const apiRequests: Array<{ path: string; initData: string | undefined }> = [];

async function apiGet<T = any>(path: string): Promise<T> {
  const res = await fetch(`${h.server.url}/api/${path}`, { headers: { "X-Telegram-Init-Data": initData } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  initData = await mintInitData(h.server.url, ALICE);
  page = await telegramPage(h.browser);
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) apiRequests.push({ path: url.pathname, initData: request.headers()["x-telegram-init-data"] });
  });
  await page.goto(launchUrl(h.server.url, "/app", initData, lightTheme));
  await page.getByTestId("total-balance").getByText("USDT").waitFor();
}, 60_000);

describe("mini app screens", () => {
  test("the shell: no header of its own (Telegram's names the bot), streak flame, five-item navigation with /app as Home, Telegram start-up events", async () => {
    const me = await apiGet("me");
    expect(await page.locator("header").count()).toBe(0);
    expect(await page.getByTestId("streak").innerText()).toBe(String(me.streak));
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link").allInnerTexts()).toEqual(["Home", "Tasks", "Referrals", "Leaderboard", "Wallet"]);
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    // The launch data left the address bar; the route is /app.
    expect(new URL(page.url()).pathname).toBe("/app");
    const types = (await telegramEvents(page)).map(([type]) => type);
    expect(types).toContain("web_app_ready");
    expect(types).toContain("web_app_expand");
    expect(types).toContain("web_app_request_theme");
  }, 20_000);

  test("follows Telegram's theme colours, including theme_changed, and gives Telegram's header and background the colour the page paints", async () => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lastColour = async (type: string) => (await telegramEvents(page)).findLast(([t]) => t === type)?.[1].color;
    expect(await background()).toBe("rgb(239, 239, 243)");
    expect(await lastColour("web_app_set_background_color")).toBe(lightTheme.secondary_bg_color);
    expect(await lastColour("web_app_set_header_color")).toBe(lightTheme.secondary_bg_color);
    // The bottom bar, under the MainButton, continues the navigation's colour.
    expect(await lastColour("web_app_set_bottom_bar_color")).toBe(lightTheme.bg_color);
    await page.evaluate((theme) => window.Telegram!.WebView!.receiveEvent("theme_changed", { theme_params: theme }), darkTheme);
    expect(await background()).toBe("rgb(24, 24, 24)");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await lastColour("web_app_set_background_color")).toBe(darkTheme.secondary_bg_color);
    expect(await lastColour("web_app_set_header_color")).toBe(darkTheme.secondary_bg_color);
    await page.evaluate((theme) => window.Telegram!.WebView!.receiveEvent("theme_changed", { theme_params: theme }), lightTheme);
    expect(await background()).toBe("rgb(239, 239, 243)");
  }, 20_000);

  test("home: balances, withdraw minimum, quick actions, referral progress, recent activity", async () => {
    const me = await apiGet("me");
    const activity = await apiGet<unknown[]>("me/activity");
    expect(await page.getByTestId("total-balance").innerText()).toContain(displayUsdt(me.balanceUsdt));
    // textContent, not innerText: section titles are upper-cased by CSS only.
    const text = (await page.locator("main").textContent())!;
    for (const label of ["Total Balance", "Earned Today", "Total Earned", "Withdraw", "Min 10 USDT", "Daily Task", "Join Channel", "My Referrals", "App Info", "Referral Progress", "Recent Activity"]) {
      expect(text).toContain(label);
    }
    expect(text).toContain(`${me.qualifiedReferrals}/${me.targetReferrals} qualified`);
    expect(text).toContain(`${me.targetReferrals - me.qualifiedReferrals} more to unlock 10 USDT`);
    // A quick action says what a task earns until it is done, then that it is done.
    const tasks = await apiGet<any[]>("tasks/active");
    const daily = tasks.find((t) => t.kind === "daily_activity")!;
    const channel = tasks.find((t) => t.kind === "follow_channel")!;
    await page.getByTestId("quick-daily").getByText(daily.completedToday ? "Done today" : "Earn 0.2").waitFor();
    await page.getByTestId("quick-channel").getByText(channel.isCompleted ? "Joined" : "Earn 0.5").waitFor();
    expect(await page.getByTestId("recent-activity").locator("li").count()).toBe(activity.length);
  }, 20_000);

  test("tasks: list with badges, rewards and actions, daily progress and timer", async () => {
    await navigate(page, "Tasks");
    const tasks = await apiGet<any[]>("tasks/active");
    await page.getByText("Available Tasks").waitFor();
    const text = await page.locator("main").innerText();
    for (const task of tasks) expect(text).toContain(task.title);
    expect(text).toContain("Daily Progress");
    expect(text).toContain("Next task available in:");
    const daily = tasks.find((t) => t.kind === "daily_activity")!;
    const card = page.getByTestId("task-daily_activity");
    if (daily.completedToday) expect(await card.innerText()).toContain("Done Today");
    else expect(await card.getByRole("button", { name: "Complete" }).isEnabled()).toBe(true);
    const channel = page.getByTestId("task-follow_channel");
    expect(await channel.innerText()).toContain(tasks.find((t) => t.kind === "follow_channel")!.isCompleted ? "Completed" : "Verify Membership");
    const done = tasks.filter((t) => (t.kind === "daily_activity" ? t.completedToday : t.isCompleted)).length;
    expect(await page.getByTestId("daily-progress").innerText()).toBe(`${done}/${tasks.length}`);
  }, 20_000);

  test("referrals: progress, code and link with copy, Telegram share, a real QR code, recent referrals", async () => {
    await navigate(page, "Referrals");
    const summary = await apiGet("me/referrals");
    const recent = await apiGet<unknown[]>("me/referrals/recent");
    expect(await page.getByTestId("ref-code").innerText()).toBe(summary.refCode);
    expect(await page.getByTestId("ref-link").innerText()).toBe(summary.referralLink);
    expect(await page.getByTestId("referral-progress").innerText()).toBe(`${summary.qualifiedCount}/${summary.targetCount}`);
    const text = (await page.locator("main").textContent())!;
    for (const label of ["Total Invited", "Qualified", "Earned", "How It Works", "Recent Referrals", `${summary.targetCount - summary.qualifiedCount} more`]) expect(text).toContain(label);
    expect(await page.getByTestId("recent-referrals").locator("li").count()).toBe(recent.length);

    await page.getByRole("button", { name: "Copy referral link" }).click();
    await page.getByTestId("toast").filter({ hasText: /Copied!|Copy failed/ }).waitFor();

    await page.getByRole("button", { name: "Share" }).click();
    const share = (await telegramEvents(page)).findLast(([type]) => type === "web_app_open_tg_link")!;
    const shared = new URL(`https://t.me${share[1].path_full}`);
    expect(shared.pathname).toBe("/share/url");
    expect(shared.searchParams.get("url")).toBe(summary.referralLink);

    await page.getByRole("button", { name: "QR Code" }).click();
    const qr = page.getByTestId("referral-qr");
    await qr.waitFor();
    // A real code: a square grid of modules (version 3+ for a link this long), not a placeholder.
    const d = await qr.locator("path").getAttribute("d");
    expect(d!.match(/M/g)!.length).toBeGreaterThan(200);
    expect(await qr.getAttribute("aria-label")).toBe(`QR code for ${summary.referralLink}`);
    // The QR sheet lies over the bottom navigation: what a finger meets there is the sheet, and
    // the code itself is not hidden behind the navigation.
    const dialog = page.getByRole("dialog");
    const over = await page.evaluate(() => {
      const nav = document.querySelector("nav")!.getBoundingClientRect();
      const code = document.querySelector("[data-testid=referral-qr]")!.getBoundingClientRect();
      const hit = document.elementFromPoint(nav.left + nav.width / 2, nav.top + nav.height / 2)!;
      return { navCovered: !hit.closest("nav"), codeAboveNav: code.bottom <= nav.top || !!document.elementFromPoint(code.left + code.width / 2, code.bottom - 2)?.closest("[role=dialog]") };
    });
    expect(over).toEqual({ navCovered: true, codeAboveNav: true });
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
  }, 20_000);

  test("wallet: balance, no-wallet warning, disabled withdraw, transactions and withdrawals tabs", async () => {
    await navigate(page, "Wallet");
    const me = await apiGet("me");
    const balance = await apiGet("me/balance");
    expect(await page.getByTestId("wallet-balance").innerText()).toContain(displayUsdt(me.balanceUsdt));
    await page.getByTestId("transactions").waitFor();
    expect(await page.getByTestId("transactions").locator("li").count()).toBe(balance.ledger.length);
    expect(await page.getByTestId("transactions").innerText()).toContain("Daily Task Reward");
    if (!me.walletBep20) {
      // In Telegram the screen's main action is the MainButton: setting a wallet, since without
      // one nothing can be withdrawn; no in-page buttons repeat it.
      await page.getByTestId("no-wallet").waitFor();
      expect(await mainButton(page)).toEqual({ text: "Set Wallet", busy: false });
      expect(await page.getByRole("button", { name: "Withdraw" }).count()).toBe(0);
      expect(await page.getByTestId("withdraw-blocker").innerText()).toMatch(/Reach 10 USDT to withdraw|Set your wallet to withdraw/);
    }
    await page.getByRole("tab", { name: "Withdrawals" }).click();
    await page.getByText(/No withdrawals yet|Requested/).first().waitFor();
    await page.getByRole("tab", { name: "Transactions" }).click();
  }, 20_000);

  test("leaderboard: three rankings, top 3 highlighted, the own-rank banner from /api/me/rank", async () => {
    await navigate(page, "Leaderboard");
    for (const [tab, category] of [["Top Earners", "earnings"], ["Referrals", "referrals"], ["Most Active", "activity"]] as const) {
      await page.getByRole("tab", { name: tab }).click();
      const { rank } = await apiGet(`me/rank?category=${category}`);
      const entries = await apiGet<any[]>(`leaderboard/${category}`);
      await page.getByTestId("own-rank").getByText(`#${rank}`).waitFor();
      await page.getByTestId("leaderboard").locator("li").first().filter({ hasText: entries[0].firstName }).waitFor();
      expect(await page.getByTestId("leaderboard").locator("li").count()).toBe(entries.length);
      for (const place of ["1st place", "2nd place", "3rd place"]) expect(await page.getByLabel(place).count()).toBe(1);
    }
    expect(await page.locator("main").innerText()).toContain("Weekly Rewards Coming Soon");
  }, 20_000);

  test("info: the five tabs, the FAQ's 10 USDT minimum, and the support channel in Telegram", async () => {
    await navigate(page, "Home");
    await page.getByRole("link", { name: "App Info" }).first().click();
    await page.getByRole("tab", { name: "Privacy" }).waitFor();
    const tabs = await page.getByRole("tab").allInnerTexts();
    expect(tabs).toEqual(["About", "Guide", "FAQ", "Privacy", "Terms"]);
    await page.getByRole("tab", { name: "FAQ" }).click();
    const faq = await page.locator("main").innerText();
    expect(faq).toContain("The minimum withdrawal is 10 USDT");
    expect(faq).not.toMatch(/\b5 USDT|varying by plan/i);
    await page.getByRole("button", { name: "Join Support Channel" }).click();
    const open = (await telegramEvents(page)).findLast(([type]) => type === "web_app_open_tg_link")!;
    expect(open[1]).toEqual({ path_full: "/refbot_support" });
  }, 20_000);

  test("Telegram's back button: hidden on the five tabs, shown below one (Info), a press goes back", async () => {
    const lastBackButton = (visible: boolean) =>
      page.waitForFunction((v) => (window as any).__telegramEvents.findLast(([type]: [string]) => type === "web_app_setup_back_button")?.[1].is_visible === v, visible);
    for (const tab of ["Home", "Tasks", "Referrals", "Leaderboard", "Wallet", "Home"]) {
      await navigate(page, tab);
      await page.waitForFunction(() => !document.querySelector("main [aria-busy=true]"));
      expect({ tab, back: await backButtonVisible(page) }).toEqual({ tab, back: false });
    }
    await page.getByRole("link", { name: "App Info" }).first().click();
    await lastBackButton(true);
    await page.evaluate(() => window.Telegram!.WebView!.receiveEvent("back_button_pressed", null));
    await page.waitForURL((url) => url.pathname === "/app/home");
    await lastBackButton(false);
  }, 20_000);

  test("in a plain browser the demo server's minted init data signs the user in, honouring ?tgUserId=", async () => {
    const plain = await h.browser.newPage({ viewport: { width: 390, height: 844 } });
    const sent: Array<string | undefined> = [];
    plain.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/me") sent.push(request.headers()["x-telegram-init-data"]);
    });
    await plain.goto(`${h.server.url}/app?tgUserId=1000002`);
    await plain.locator("main").getByText("Welcome back, Bob").waitFor();
    // The id stays for the session, across in-app navigation and reloads.
    await plain.goto(`${h.server.url}/app/home`);
    await plain.locator("main").getByText("Welcome back, Bob").waitFor();
    expect(sent.length).toBeGreaterThan(0);
    for (const initData of sent) expect(new URLSearchParams(initData).get("user")).toContain('"id":1000002');
    const fresh = await h.browser.newPage({ viewport: { width: 390, height: 844 } });
    await fresh.goto(`${h.server.url}/app`);
    await fresh.locator("main").getByText("Welcome back, Alice").waitFor();
    // A demo referral link (?startapp=<code>) binds a new user to the referrer, as in Telegram.
    const before = await apiGet("me/referrals");
    const invited = await h.browser.newPage({ viewport: { width: 390, height: 844 } });
    await invited.goto(`${h.server.url}/app?tgUserId=${6_000_000_000 + Math.floor(Math.random() * 1e9)}&startapp=${before.refCode}`);
    // A new user is welcomed, not welcomed back.
    await invited.locator("main").getByText("Welcome to RefBot, Demo!").waitFor();
    expect((await apiGet("me/referrals")).totalInvited).toBe(before.totalInvited + 1);
    await plain.close();
    await fresh.close();
    await invited.close();
  }, 20_000);

  test("every API call carried the user's Telegram init data", () => {
    const userCalls = apiRequests.filter((r) => r.path !== "/api/config");
    expect(userCalls.length).toBeGreaterThan(5);
    for (const call of userCalls) expect(call.initData).toBe(initData);
  }, 20_000);

  const screens = [
    ["home", "Home"],
    ["tasks", "Tasks"],
    ["referrals", "Referrals"],
    ["wallet", "Wallet"],
    ["leaderboard", "Leaderboard"],
    ["info", "App Info"],
  ] as const;

  /** Opens a screen the way a user does (navigation, or Home's quick action for Info) and waits for its content. */
  async function showScreen(target: Page, name: string, label: string) {
    if (name === "info") {
      await navigate(target, "Home");
      await target.getByRole("link", { name: label }).first().click();
    } else await navigate(target, label);
    // At /app itself the Home item points to /app, which is Home.
    await target.waitForURL((url) => url.pathname === `/app/${name}` || (name === "home" && url.pathname === "/app"));
    await target.waitForFunction(() => document.querySelector("main") && !document.querySelector("main .skeleton"), null, { timeout: 8000 }).catch((error) => {
      throw new Error(`${name} still shows skeletons: ${error.message}`);
    });
  }

  test("every screen fits 320 and 430 px without sideways scrolling", async () => {
    for (const width of [320, 430]) {
      const narrow = await telegramPage(h.browser, width);
      await narrow.goto(launchUrl(h.server.url, "/app", initData, lightTheme));
      for (const [name, label] of screens) {
        await showScreen(narrow, name, label);
        const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect({ width, name, overflow }).toEqual({ width, name, overflow: 0 });
      }
      await narrow.close();
    }
  }, 30_000);

  test("every control on every screen is at least 44 px high, dialogs included", async () => {
    const phone = await telegramPage(h.browser, 390);
    await phone.goto(launchUrl(h.server.url, "/app", initData, lightTheme));
    for (const [name, label] of screens) {
      await showScreen(phone, name, label);
      expect({ name, small: await smallTapTargets(phone) }).toEqual({ name, small: [] });
      if (name === "referrals") {
        await phone.getByRole("button", { name: "QR Code" }).click();
        await phone.getByTestId("referral-qr").waitFor();
        expect({ name: "qr", small: await smallTapTargets(phone) }).toEqual({ name: "qr", small: [] });
        await phone.getByRole("dialog").getByRole("button", { name: "Close" }).click();
      }
      if (name === "info") {
        for (const tab of ["Guide", "FAQ", "Privacy", "Terms"]) {
          await phone.getByRole("tab", { name: tab }).click();
          expect({ name: tab, small: await smallTapTargets(phone) }).toEqual({ name: tab, small: [] });
        }
      }
      if (name === "wallet") {
        await phone.getByRole("tab", { name: "Withdrawals" }).click();
        await settled(phone);
        expect({ name: "withdrawals", small: await smallTapTargets(phone) }).toEqual({ name: "withdrawals", small: [] });
      }
    }
    await phone.close();
  }, 30_000);

  test("screenshots of every screen at 390 px, light and dark", async () => {
    for (const [themeName, theme] of [["light", lightTheme], ["dark", darkTheme]] as const) {
      const shot = await telegramPage(h.browser, 390);
      await shot.goto(launchUrl(h.server.url, "/app", initData, theme));
      for (const [name, label] of screens) {
        await showScreen(shot, name, label);
        await screenshot(shot, `app-${name}-${themeName}`);
      }
      await shot.close();
    }
  }, 30_000);
});
