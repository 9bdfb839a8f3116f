// The mini app keeps Telegram's conventions on a phone: it asks for fullscreen (on phones only),
// keeps its content clear of what the device and Telegram's own buttons cover, as Telegram's
// safe-area events say (not only CSS env(), which Telegram's webview does not fill on every
// platform); turns swipe-to-close off while a dialog is open; and its Settings menu item opens
// the language choice.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "@/tests/support/browser.ts";
import { launchUrl, mintInitData, settled, telegramEvents, telegramPage, useAppServer, lightTheme } from "./app-support.ts";

const h = useAppServer();

const posted = async (page: Page, type: string) => (await telegramEvents(page)).filter(([t]) => t === type).map(([, data]) => data);
const lastPosted = async (page: Page, type: string) => (await posted(page, type)).at(-1);
const send = (page: Page, type: string, data: unknown) => page.evaluate(([t, d]) => window.Telegram!.WebView!.receiveEvent(t as string, d), [type, data] as const);

/** Where an element is drawn, in CSS pixels of the viewport. */
const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

test("on a phone: fullscreen asked for, and the content kept clear of the safe areas Telegram reports", async () => {
  const initData = await mintInitData(h.server.url, 7_700_001);
  const page = await telegramPage(h.browser);
  await page.goto(launchUrl(h.server.url, "/app/home", initData, lightTheme, "ios"));
  await settled(page);
  expect(await posted(page, "web_app_request_fullscreen")).toHaveLength(1);
  expect(await posted(page, "web_app_request_safe_area")).toHaveLength(1);
  expect(await posted(page, "web_app_request_content_safe_area")).toHaveLength(1);

  const before = await box(page, "main > *");
  // An iPhone in fullscreen: the status bar (47 px) and home indicator (34 px) are the device's;
  // Telegram's close and menu buttons take 46 px below the status bar.
  await send(page, "fullscreen_changed", { is_fullscreen: true });
  await send(page, "safe_area_changed", { top: 47, bottom: 34, left: 0, right: 0 });
  await send(page, "content_safe_area_changed", { top: 46, bottom: 0, left: 0, right: 0 });
  await page.waitForFunction(() => getComputedStyle(document.querySelector("main")!).paddingTop === `${16 + 47 + 46}px`);
  const after = await box(page, "main > *");
  expect(after.y - before.y).toBe(47 + 46);
  expect(await page.evaluate(() => document.documentElement.dataset.fullscreen)).toBe("true");

  // The bottom navigation stands above the home indicator: its links end 34 px above the screen's end.
  const nav = await box(page, "nav[aria-label] ul");
  expect(page.viewportSize()!.height - (nav.y + nav.height)).toBe(34);
  await screenshot(page, "app-fullscreen-safe-areas");

  // Turned to landscape: a notch on the left.
  await send(page, "safe_area_changed", { top: 0, bottom: 21, left: 47, right: 47 });
  await page.waitForFunction(() => getComputedStyle(document.querySelector("main")!).paddingLeft === `${16 + 47}px`);
  await page.close();
}, 30_000);

test("on Telegram Desktop the app keeps its window: no fullscreen asked for", async () => {
  const initData = await mintInitData(h.server.url, 7_700_002);
  const page = await telegramPage(h.browser);
  await page.goto(launchUrl(h.server.url, "/app/home", initData));
  await settled(page);
  expect(await posted(page, "web_app_request_fullscreen")).toEqual([]);
  // Without safe-area events the content starts where it always did.
  expect(await page.evaluate(() => getComputedStyle(document.querySelector("main")!).paddingTop)).toBe("16px");
  await page.close();
}, 30_000);

test("swipe-to-close is off while a dialog is open, and back on once it closes", async () => {
  const initData = await mintInitData(h.server.url, 7_700_003);
  const page = await telegramPage(h.browser);
  await page.goto(launchUrl(h.server.url, "/app/wallet", initData, lightTheme, "android"));
  await settled(page);
  expect(await posted(page, "web_app_setup_swipe_behavior")).toEqual([]);
  // The wallet address dialog, from the card's edit control or the MainButton.
  await page.evaluate(() => window.Telegram!.WebView!.receiveEvent("main_button_pressed", null));
  await page.getByRole("dialog").waitFor();
  expect(await lastPosted(page, "web_app_setup_swipe_behavior")).toEqual({ allow_vertical_swipe: false });
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
  expect(await lastPosted(page, "web_app_setup_swipe_behavior")).toEqual({ allow_vertical_swipe: true });
  expect(await posted(page, "web_app_setup_swipe_behavior")).toHaveLength(2);
  await page.close();
}, 30_000);

test("Telegram's Settings menu item opens the language choice", async () => {
  const initData = await mintInitData(h.server.url, 7_700_004);
  const page = await telegramPage(h.browser);
  await page.goto(launchUrl(h.server.url, "/app/tasks", initData));
  await settled(page);
  expect(await lastPosted(page, "web_app_setup_settings_button")).toEqual({ is_visible: true });
  await send(page, "settings_button_pressed", null);
  await page.getByTestId("language-picker").waitFor();
  expect(new URL(page.url()).pathname).toBe("/app/info");
  await page.close();
}, 30_000);
