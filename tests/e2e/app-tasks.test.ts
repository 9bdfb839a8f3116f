// Completing tasks in the mini app as a new user (demo server): the daily task pays once and
// moves balance and streak; follow_channel takes two presses (open the channel, then verify).
import { expect, test } from "bun:test";
import { screenshot } from "../support/browser.ts";
import { toastText } from "../support/toast.ts";
import { launchUrl, mintInitData, navigate, telegramEvents, telegramPage, useAppServer } from "./app-support.ts";


const newTgId = () => 7_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

async function me(initData: string) {
  const res = await fetch(`${h.server.url}/api/me`, { headers: { "X-Telegram-Init-Data": initData } });
  return (await res.json()) as { balanceUsdt: string; streak: number };
}

const h = useAppServer();

test("the daily task pays once: balance and streak change, and a second press pays nothing", async () => {
  const initData = await mintInitData(h.server.url, newTgId());
  const page = await telegramPage(h.browser);
  await page.goto(launchUrl(h.server.url, "/app/tasks", initData));
  // A second copy of the app, opened before the completion, still offers the button.
  const stale = await telegramPage(h.browser);
  await stale.goto(launchUrl(h.server.url, "/app/tasks", initData));
  await stale.getByTestId("task-daily_activity").getByRole("button", { name: "Complete" }).waitFor();

  expect(await page.getByTestId("streak").innerText()).toBe("0");
  expect(await page.getByTestId("task-earned-today").innerText()).toBe("0");
  const card = page.getByTestId("task-daily_activity");
  await card.getByRole("button", { name: "Complete" }).click();
  await toastText(page, "Task completed! You earned 0.2 USDT");
  await card.getByText("Done Today").first().waitFor();
  await page.getByTestId("streak").getByText("1").waitFor();
  expect(await page.getByTestId("task-earned-today").innerText()).toBe("0.2");
  expect(await card.getByRole("button", { name: "Done" }).isDisabled()).toBe(true);
  expect(await me(initData)).toMatchObject({ balanceUsdt: "0.20", streak: 1 });
  expect((await telegramEvents(page)).some(([type, data]) => type === "web_app_trigger_haptic_feedback" && data.notification_type === "success")).toBe(true);

  await navigate(page, "Home");
  await page.getByTestId("total-balance").getByText("0.2").waitFor();
  await screenshot(page, "app-home-after-daily-task");

  // The stale copy's press reaches the server, which refuses it and pays nothing.
  await stale.getByTestId("task-daily_activity").getByRole("button", { name: "Complete" }).click();
  const refusal = await toastText(stale, "Task completion failed");
  expect(refusal.length).toBeGreaterThan("Task completion failed".length);
  expect(await me(initData)).toMatchObject({ balanceUsdt: "0.20", streak: 1 });
  await page.close();
  await stale.close();
}, 30_000);

test("follow_channel: the first press opens the channel, the second verifies after 1 s and pays", async () => {
  const initData = await mintInitData(h.server.url, newTgId());
  const page = await telegramPage(h.browser);
  const completions: number[] = [];
  page.on("request", (request) => {
    if (/\/api\/tasks\/\d+\/complete$/.test(new URL(request.url()).pathname)) completions.push(Date.now());
  });
  await page.goto(launchUrl(h.server.url, "/app/tasks", initData));
  const card = page.getByTestId("task-follow_channel");
  const verify = card.getByRole("button", { name: "Verify Membership" });

  await verify.click();
  await toastText(page, "Channel opened!");
  const opened = (await telegramEvents(page)).findLast(([type]) => type === "web_app_open_tg_link");
  expect(opened?.[1]).toEqual({ path_full: "/refbot_channel" });
  expect(completions).toEqual([]);
  await screenshot(page, "app-tasks-channel-opened");

  // The opening is remembered on the device: after a reload the next press verifies.
  await page.reload();
  const pressedAt = Date.now();
  await card.getByRole("button", { name: "Verify Membership" }).click();
  await card.getByRole("button", { name: "Verifying..." }).waitFor();
  await toastText(page, "Verifying...");
  await toastText(page, "Task completed! You earned 0.5 USDT");
  expect(completions.length).toBe(1);
  expect(completions[0]! - pressedAt).toBeGreaterThanOrEqual(950);
  await card.getByText("Completed").first().waitFor();
  expect(await me(initData)).toMatchObject({ balanceUsdt: "0.50" });
  await page.close();
}, 30_000);
