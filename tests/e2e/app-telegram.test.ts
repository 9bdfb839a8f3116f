// The mini app against a server with a bot token (not demo mode) and a fake Telegram Bot API:
// without Telegram's init data it shows the "Access Through Telegram Required" notice; with init
// data the server refuses (expired, signed for another bot) it shows the server's reason after
// that one refused call; and the channel task is paid only once the bot sees the user in the
// channel (403 NOT_CHANNEL_MEMBER before that, with the server's message in the app).
import { afterAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { screenshot } from "@/tests/support/browser.ts";
import { startFakeTelegram } from "@/tests/support/fake-telegram.ts";
import { toastText } from "@/tests/support/toast.ts";
import { createTaskAsAdmin, darkTheme, launchUrl, navigate, telegramEvents, telegramPage, useAppServer } from "./app-support.ts";

const BOT_TOKEN = "123456:TEST-token";

const signedInitData = (tgId: number, firstName = "Tess") =>
  signInitData({ user: { id: tgId, first_name: firstName, username: `tess_${tgId}` }, authDate: Math.floor(Date.now() / 1000) }, initDataKey(BOT_TOKEN));

const telegram = startFakeTelegram();
const h = useAppServer({ BOT_TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot, CHANNEL_ID: "@refbot_channel", SEED_DEMO: "false" });
afterAll(() => telegram.stop());

test("outside Telegram (no init data, not demo mode) the app shows the notice and a way to the bot", async () => {
  const page = await h.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${h.server.url}/app`);
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

/** Opens the app with this init data, recording every API path it asks for. */
async function launchRecording(initData: string, path = "/app") {
  const page = await telegramPage(h.browser);
  page.setDefaultTimeout(10_000);
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(url.pathname);
  });
  await page.goto(launchUrl(h.server.url, path, initData, darkTheme));
  return { page, calls };
}

/** The notice with the server's reason and the way back to the bot; no toast, nothing more asked. */
async function expectRefused(page: Page, calls: string[], reason: string, callsBefore: string[]) {
  const notice = page.getByTestId("telegram-required");
  await notice.getByText("Access Through Telegram Required").waitFor();
  expect(await notice.getByTestId("refusal-reason").innerText()).toBe(reason);
  expect(await notice.innerText()).not.toContain("/start");
  // Give any call still queued behind the refusal time to show itself.
  await Bun.sleep(750);
  expect(calls.toSorted()).toEqual(callsBefore.toSorted());
  expect(await page.getByTestId("toast").count()).toBe(0);
  await notice.getByRole("button", { name: "Open the bot" }).click();
  expect((await telegramEvents(page)).findLast(([type]) => type === "web_app_open_tg_link")?.[1]).toEqual({ path_full: "/refbot_test_bot" });
}

test("expired init data: the server's reason with the button, after one refused call", async () => {
  const dayAndAHourAgo = Math.floor(Date.now() / 1000) - 25 * 3600;
  const expired = signInitData({ user: { id: 9_100_000_001, first_name: "Old" }, authDate: dayAndAHourAgo }, initDataKey(BOT_TOKEN));
  const { page, calls } = await launchRecording(expired);
  await expectRefused(page, calls, "This link has expired: reopen the app from the bot", ["/api/config", "/api/me"]);
  await screenshot(page, "app-telegram-link-expired");
  await page.close();
}, 30_000);

test("init data signed for another bot (altered): its own reason, after one refused call", async () => {
  const forged = signInitData({ user: { id: 42, first_name: "Mallory" }, authDate: Math.floor(Date.now() / 1000) }, initDataKey("654321:OTHER-token"));
  const { page, calls } = await launchRecording(forged);
  await expectRefused(page, calls, "This link was not signed by Telegram for this bot: reopen the app from the bot", ["/api/config", "/api/me"]);
  await screenshot(page, "app-telegram-required-dark");
  await page.close();
}, 30_000);

test("a 401 later in a session replaces the app with the reason, and nothing more is asked", async () => {
  const { page, calls } = await launchRecording(signedInitData(9_200_000_000 + Math.floor(Math.random() * 1_000_000)));
  await page.getByRole("navigation", { name: "Main" }).waitFor();
  await page.getByText("Welcome to RefBot, Tess!").waitFor();
  // As when the launch data outlives its age limit while the app stays open: from now on the
  // server refuses every call.
  await page.route("**/api/**", (route) =>
    route.fulfill({ status: 401, contentType: "application/json", body: JSON.stringify({ message: "This link has expired: reopen the app from the bot", code: "UNAUTHORIZED" }) }),
  );
  const before = calls.slice();
  await navigate(page, "Referrals");
  // The screen asks for its two parts at once, before either answer: those two, and no more.
  await expectRefused(page, calls, "This link has expired: reopen the app from the bot", [...before, "/api/me/referrals", "/api/me/referrals/recent"]);
  await page.close();
}, 30_000);

test("follow_channel: 403 with the server's message until the user joins, then paid", async () => {
  const tgId = 9_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const initData = signedInitData(tgId);
  await createTaskAsAdmin(h.server, { kind: "follow_channel", title: "Join our Telegram channel", rewardUsdt: "0.5" });

  const page = await telegramPage(h.browser);
  await page.goto(launchUrl(h.server.url, "/app/tasks", initData));
  const card = page.getByTestId("task-follow_channel");
  await card.getByRole("button", { name: "Verify Membership" }).click();
  await toastText(page, "Channel opened!");
  expect((await telegramEvents(page)).findLast(([type]) => type === "web_app_open_tg_link")?.[1]).toEqual({ path_full: "/refbot_channel" });

  await card.getByRole("button", { name: "Verify Membership" }).click();
  await card.getByRole("button", { name: "Verifying..." }).waitFor();
  const refusal = await toastText(page, "Task completion failed");
  expect(refusal).toContain("Join the channel first, then press Verify Membership again");
  const me = async () => (await (await fetch(`${h.server.url}/api/me`, { headers: { "X-Telegram-Init-Data": initData } })).json()) as { balanceUsdt: string };
  expect((await me()).balanceUsdt).toBe("0.00");
  expect(telegram.calls.some((c) => c.method === "getChatMember" && Number(c.body.user_id) === tgId)).toBe(true);
  await screenshot(page, "app-tasks-not-member");

  telegram.members.add(tgId);
  await card.getByRole("button", { name: "Verify Membership" }).click();
  await toastText(page, "Task completed! You earned 0.5 USDT");
  await card.getByText("Completed").first().waitFor();
  expect((await me()).balanceUsdt).toBe("0.50");
  await page.close();
}, 30_000);
