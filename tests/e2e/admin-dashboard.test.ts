// Dashboard behaviour beyond its content: skeletons while stats load, the leaderboard tabs, the
// Daily/Weekly chart, the task-data error text, every panel's error with Retry when the server
// fails, Top Earners' labelled figures, and the toaster's rules.
import { expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { PHONE, useAdminHarness } from "./admin-helpers.ts";

const h = useAdminHarness();

test("four skeleton cards show while the stats load", async () => {
  const page = await h.page();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/stats", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/admin/dashboard");
  await page.getByTestId("stat-skeleton").first().waitFor();
  expect(await page.getByTestId("stat-skeleton").count()).toBe(4);
  await screenshot(page, "admin-dashboard-loading-1280");
  release();
  await page.getByText("Total Users").waitFor();
  expect(await page.getByTestId("stat-skeleton").count()).toBe(0);
});

test("a server error shows in every panel with the server's message and Retry, never as loading or zero", async () => {
  const page = await h.page();
  let failing = true;
  const failure = { status: 500, json: { message: "Database is unavailable", code: "INTERNAL" } };
  for (const path of ["stats", "activity-stats?*", "leaderboard/**", "tasks", "withdrawals?*"]) {
    await page.route(`**/api/admin/${path}`, (route) => (failing ? route.fulfill(failure) : route.continue()));
  }
  await page.goto("/admin/dashboard");
  const errors = page.getByTestId("error-state");
  // Stats, chart, leaderboard, recent tasks and the withdrawals card.
  await errors.nth(4).waitFor();
  expect(await errors.count()).toBe(5);
  for (const text of await errors.allInnerTexts()) {
    expect(text).toContain("Database is unavailable");
    expect(text).toContain("Retry");
  }
  expect(await page.getByText("Loading activity data...").count()).toBe(0);
  expect(await page.getByText(/\b0 pending\b/).count()).toBe(0);
  expect(await page.getByText("Please check your authentication").count()).toBe(0);
  expect(await page.getByText("No earnings data available").count()).toBe(0);
  expect(await page.getByText("No pending withdrawals").count()).toBe(0);
  await screenshot(page, "admin-dashboard-errors-1280");

  failing = false;
  await page.getByTestId("error-state").filter({ hasText: "activity" }).getByRole("button", { name: "Retry" }).click();
  await page.getByTestId("activity-chart").locator("canvas").waitFor();
  await page.getByTestId("error-state").filter({ hasText: "statistics" }).getByRole("button", { name: "Retry" }).click();
  await page.getByText("Total Users").waitFor();
  expect(await errors.count()).toBe(3);
});

test("Top Earners label both figures: what was earned and the balance", async () => {
  const page = await h.page();
  await page.goto("/admin/dashboard");
  const first = page.getByTestId("leaderboard-entry").first();
  await first.waitFor();
  expect(await first.innerText()).toMatch(/Earned [\d.]+ USDT\s+Balance [\d.]+ USDT/);
});

test("Top Performers tabs show referrers and the most active users", async () => {
  const page = await h.page();
  await page.goto("/admin/dashboard");
  await page.getByTestId("leaderboard-entry").first().waitFor();
  await page.getByRole("tab", { name: "Top Referrers" }).click();
  await page.getByText("10 referrals").waitFor();
  await page.getByRole("tab", { name: "Most Active" }).click();
  await page.getByText("-day streak", { exact: false }).first().waitFor();
  expect(await page.getByRole("img", { name: /^Rank [123]$/ }).count()).toBe(3);
  expect(await page.getByLabel("Rank 4").count()).toBe(1);
});

test("Weekly shows 8 weeks from activity-stats?range=weekly; Daily goes back to 7 days", async () => {
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/dashboard");
  const chart = page.getByTestId("activity-chart");
  await chart.locator("canvas").waitFor();
  expect((await chart.getAttribute("aria-label"))!.match(/activity \d+/g)!.length).toBe(7);

  const weekly = page.waitForResponse((r) => r.url().includes("/api/admin/activity-stats?range=weekly"));
  await page.getByRole("button", { name: "Weekly" }).click();
  expect((await weekly).status()).toBe(200);
  await page.getByRole("heading", { name: "8-Week User Activity" }).waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="activity-chart"]')?.getAttribute("aria-label")?.startsWith("Weekly"));
  expect((await chart.getAttribute("aria-label"))!.match(/activity \d+/g)!.length).toBe(8);
  expect(await page.getByRole("button", { name: "Weekly" }).getAttribute("aria-pressed")).toBe("true");
  await screenshot(page, "admin-dashboard-weekly-390");

  await page.getByRole("button", { name: "Daily" }).click();
  await page.getByRole("heading", { name: "7-Day User Activity" }).waitFor();
});

test("Recent Tasks says so when the task data is not a list", async () => {
  const page = await h.page();
  await page.route("**/api/admin/tasks", (route) => route.fulfill({ json: { unexpected: true } }));
  await page.goto("/admin/dashboard");
  await page.getByText("Unable to load task data. Please check your authentication.").waitFor();
});

test("one toast at a time, gone after 5 seconds, F8 reaches it", async () => {
  const page = await h.page();
  await page.goto("/admin/broadcast");
  await page.getByRole("button", { name: "Send Broadcast" }).click();
  await toastText(page, "Message Required");
  await page.getByLabel("Message").fill("hey");
  await page.getByRole("button", { name: "Send Broadcast" }).click();
  await toastText(page, "Message Too Short");
  const region = page.getByRole("region", { name: "Notifications (F8)" });
  expect(await region.getByRole("status").count()).toBe(1);
  await page.keyboard.press("F8");
  expect(await region.evaluate((el) => el === document.activeElement)).toBe(true);
  const shownAt = Date.now();
  await region.getByRole("status").waitFor({ state: "detached", timeout: 7000 });
  expect(Date.now() - shownAt).toBeGreaterThan(4000);
});
