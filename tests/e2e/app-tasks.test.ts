// Completing tasks in the mini app as a new user (demo server): the new user is welcomed (not
// welcomed back), the daily task pays once and moves balance and streak, and Home's quick action
// then says it is done; follow_channel takes two presses (open the channel, then verify); a link
// task is opened, waited for and claimed.
import { expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { createTaskAsAdmin, darkTheme, launchUrl, lightTheme, mintInitData, navigate, telegramEvents, telegramPage, useAppServer } from "./app-support.ts";

const newTgId = () => 7_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

async function me(initData: string) {
  const res = await fetch(`${h.server.url}/api/me`, { headers: { "X-Telegram-Init-Data": initData } });
  return (await res.json()) as { balanceUsdt: string; streak: number };
}

const h = useAppServer();

test("the daily task pays once: balance and streak change, Home shows it done, and a second press pays nothing", async () => {
  const initData = await mintInitData(h.server.url, newTgId());
  const page = await telegramPage(h.browser);
  // A brand-new user is greeted as one, and Home offers what each task earns.
  await page.goto(launchUrl(h.server.url, "/app", initData));
  const greeting = page.getByTestId("greeting");
  await greeting.getByText("Welcome to RefBot, Demo!").waitFor();
  expect(await greeting.innerText()).not.toContain("Welcome back");
  await page.getByTestId("quick-daily").getByText("Earn 0.2").waitFor();
  await page.getByTestId("quick-channel").getByText("Earn 0.5").waitFor();
  await navigate(page, "Tasks");
  // A second copy of the app, opened before the completion, still offers the button.
  const stale = await telegramPage(h.browser);
  await stale.goto(launchUrl(h.server.url, "/app/tasks", initData));
  await stale.getByTestId("task-daily_activity").getByRole("button", { name: "Complete" }).waitFor();

  await page.getByTestId("task-daily_activity").getByRole("button", { name: "Complete" }).waitFor();
  expect(await page.getByTestId("task-streak").innerText()).toBe("0");
  expect(await page.getByTestId("task-earned-today").innerText()).toBe("0");
  const card = page.getByTestId("task-daily_activity");
  await card.getByRole("button", { name: "Complete" }).click();
  await toastText(page, "Task completed! You earned 0.2 USDT");
  await card.getByText("Done Today").first().waitFor();
  await page.getByTestId("task-streak").getByText("1").waitFor();
  expect(await page.getByTestId("task-earned-today").innerText()).toBe("0.2");
  expect(await card.getByRole("button", { name: "Done" }).isDisabled()).toBe(true);
  expect(await me(initData)).toMatchObject({ balanceUsdt: "0.20", streak: 1 });
  expect((await telegramEvents(page)).some(([type, data]) => type === "web_app_trigger_haptic_feedback" && data.notification_type === "success")).toBe(true);

  await navigate(page, "Home");
  await page.getByTestId("total-balance").getByText("0.2").waitFor();
  // Done for today: the quick action says so instead of offering the reward again, and the
  // greeting now welcomes the user back.
  const quickDaily = page.getByTestId("quick-daily");
  await quickDaily.getByText("Done today").waitFor();
  expect(await quickDaily.getAttribute("data-done")).toBe("true");
  expect(await quickDaily.innerText()).not.toContain("Earn");
  expect(await page.getByTestId("quick-channel").innerText()).toContain("Earn 0.5");
  await greeting.getByText("Welcome back").waitFor();
  expect(await page.getByTestId("streak").innerText()).toBe("1");
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

test("a link task: Open Link opens it and counts down; an early claim is refused, a claim after the wait pays once", async () => {
  // Long enough for the steps that must happen within the wait, short enough to wait out.
  const WAIT_SECONDS = 8;
  const url = "https://example.com/blog/launch";
  const task = await createTaskAsAdmin(h.server, { kind: "link", title: "Read the launch post", description: "Open the post and read it.", rewardUsdt: "0.3", url, waitSeconds: WAIT_SECONDS });
  const initData = await mintInitData(h.server.url, newTgId());
  const claimViaApi = () => fetch(`${h.server.url}/api/tasks/${task.id}/complete`, { method: "POST", headers: { "X-Telegram-Init-Data": initData } });

  const unopened = await claimViaApi();
  expect(unopened.status).toBe(409);
  expect(await unopened.json()).toMatchObject({ code: "TASK_NOT_OPENED", message: "Open the link first, then claim the reward" });

  const page = await telegramPage(h.browser);
  const opens: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/api/tasks/${task.id}/open`) opens.push(request.method());
  });
  await page.goto(launchUrl(h.server.url, "/app/tasks", initData));
  const card = page.getByTestId("task-link").filter({ hasText: "Read the launch post" });
  await card.getByRole("button", { name: "Open Link" }).click();
  const countdown = card.getByRole("timer");
  expect(await countdown.innerText()).toMatch(/^Claim in \d+ s$/);
  expect(opens).toEqual(["POST"]);
  expect((await telegramEvents(page)).findLast(([type]) => type === "web_app_open_link")?.[1]).toEqual({ url });

  // A phone whose clock runs a minute ahead thinks the wait is over; the server, whose clock
  // counts, refuses in its own words and pays nothing.
  const skewed = await telegramPage(h.browser);
  await skewed.clock.install({ time: Date.now() + 60_000 });
  await skewed.goto(launchUrl(h.server.url, "/app/tasks", initData));
  await skewed.getByTestId("task-link").filter({ hasText: "Read the launch post" }).getByRole("button", { name: "Claim", exact: true }).click();
  expect(await toastText(skewed, "Task completion failed")).toMatch(/Wait \d+ more seconds?, then claim the reward/);
  expect((await me(initData)).balanceUsdt).toBe("0.00");
  await skewed.close();

  // The opening is the server's: after a reload the countdown goes on, a second at a time.
  await page.reload();
  const left = Number((await countdown.innerText()).match(/\d+/)![0]);
  expect(left).toBeLessThanOrEqual(WAIT_SECONDS);
  await card.getByRole("timer", { name: `Claim in ${left - 1} seconds` }).waitFor();
  const setTheme = (theme: Record<string, string>) =>
    page.evaluate(async (params) => {
      window.Telegram!.WebView!.receiveEvent("theme_changed", { theme_params: params });
      // Buttons ease into their new colours; a shot taken at once catches them halfway.
      await new Promise(requestAnimationFrame);
      await Promise.allSettled(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished] : [])));
    }, theme);
  const shoot = async (state: string) => {
    for (const [name, theme] of [["light", lightTheme], ["dark", darkTheme]] as const) {
      await setTheme(theme);
      await screenshot(page, `app-tasks-link-${state}-${name}`);
    }
  };
  await shoot("countdown");

  const claim = card.getByRole("button", { name: "Claim", exact: true });
  await claim.waitFor({ timeout: WAIT_SECONDS * 1000 + 5000 });
  await shoot("claimable");
  await setTheme(lightTheme);
  await claim.click();
  await toastText(page, "Task completed! You earned 0.3 USDT");
  await card.getByText("Completed").first().waitFor();
  expect(await card.getByRole("button", { name: "Done" }).isDisabled()).toBe(true);
  expect(await me(initData)).toMatchObject({ balanceUsdt: "0.30" });

  const again = await claimViaApi();
  expect(again.status).toBe(409);
  expect((await again.json()).code).toBe("ALREADY_COMPLETED");
  expect(await me(initData)).toMatchObject({ balanceUsdt: "0.30" });
  await navigate(page, "Home");
  await page.getByTestId("total-balance").getByText("0.3").waitFor();
  await page.close();
}, 45_000);
