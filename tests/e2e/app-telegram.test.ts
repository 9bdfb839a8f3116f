// The mini app against a server with a bot token (not demo mode) and a fake Telegram Bot API:
// without Telegram's init data it shows the "Access Through Telegram Required" notice, and the
// channel task is paid only once the bot sees the user in the channel (403 NOT_CHANNEL_MEMBER
// before that, with the server's message in the app).
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { initDataKey, signInitData } from "../../api/domain/init-data.ts";
import { launchBrowser, screenshot } from "../support/browser.ts";
import { ensureWebBuilt } from "../support/build-web.ts";
import { startFakeTelegram, type FakeTelegram } from "../support/fake-telegram.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { darkTheme, expectToast, launchUrl, telegramEvents, telegramPage } from "./app-support.ts";

const BOT_TOKEN = "123456:TEST-token";
let telegram: FakeTelegram;
let server: TestServer;
let browser: Browser;

const signedInitData = (tgId: number, firstName = "Tess") =>
  signInitData({ user: { id: tgId, first_name: firstName, username: `tess_${tgId}` }, authDate: Math.floor(Date.now() / 1000) }, initDataKey(BOT_TOKEN));

beforeAll(async () => {
  await ensureWebBuilt();
  telegram = startFakeTelegram();
  [server, browser] = await Promise.all([
    startTestServer({ SKIP_WEB_BUILD: "true", BOT_TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot, CHANNEL_ID: "@refbot_channel", SEED_DEMO: "false" }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  telegram?.stop();
}, 15_000);

test("outside Telegram (no init data, not demo mode) the app shows the notice and a way to the bot", async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${server.url}/app`);
  const notice = page.getByTestId("telegram-required");
  await notice.getByText("Access Through Telegram Required").waitFor();
  const text = await notice.innerText();
  expect(text).toContain("/start");
  expect(text).toContain("Open App");
  expect(text).toContain("@refbot_test_bot");
  await notice.getByRole("button", { name: "Open the bot" }).waitFor();
  await screenshot(page, "app-telegram-required");
  await page.close();
}, 30_000);

test("init data the server rejects (bad signature) also shows the notice on Home", async () => {
  const page = await telegramPage(browser);
  const forged = signInitData({ user: { id: 42, first_name: "Mallory" }, authDate: Math.floor(Date.now() / 1000) }, initDataKey("654321:OTHER-token"));
  await page.goto(launchUrl(server.url, "/app", forged, darkTheme));
  await page.getByText("Access Through Telegram Required").waitFor();
  await screenshot(page, "app-telegram-required-dark");
  await page.close();
}, 30_000);

test("follow_channel: 403 with the server's message until the user joins, then paid", async () => {
  const tgId = 9_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const initData = signedInitData(tgId);
  const create = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  const { token } = (await create.json()) as { token: string };
  const task = await fetch(`${server.url}/api/admin/tasks`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ kind: "follow_channel", title: "Join our Telegram channel", rewardUsdt: "0.5" }),
  });
  expect(task.status).toBe(201);

  const page = await telegramPage(browser);
  await page.goto(launchUrl(server.url, "/app/tasks", initData));
  const card = page.getByTestId("task-follow_channel");
  await card.getByRole("button", { name: "Verify Membership" }).click();
  await expectToast(page, "Channel opened!");
  expect((await telegramEvents(page)).findLast(([type]) => type === "web_app_open_tg_link")?.[1]).toEqual({ path_full: "/refbot_channel" });

  await card.getByRole("button", { name: "Verify Membership" }).click();
  await card.getByRole("button", { name: "Verifying..." }).waitFor();
  const refusal = await expectToast(page, "Task completion failed");
  expect(refusal).toContain("Join the channel first, then press Verify Membership again");
  const me = async () => (await (await fetch(`${server.url}/api/me`, { headers: { "X-Telegram-Init-Data": initData } })).json()) as { balanceUsdt: string };
  expect((await me()).balanceUsdt).toBe("0.00");
  expect(telegram.calls.some((c) => c.method === "getChatMember" && Number(c.body.user_id) === tgId)).toBe(true);
  await screenshot(page, "app-tasks-not-member");

  telegram.members.add(tgId);
  await card.getByRole("button", { name: "Verify Membership" }).click();
  await expectToast(page, "Task completed! You earned 0.5 USDT");
  await card.getByText("Completed").first().waitFor();
  expect((await me()).balanceUsdt).toBe("0.50");
  await page.close();
}, 30_000);
