// Every admin page's content, at phone (390 px) and desktop (1280 px) width, with screenshots.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "@/tests/support/browser.ts";
import { DESKTOP, PHONE, useAdminHarness, viewportScreenshot } from "./admin-helpers.ts";

const h = useAdminHarness();

const widths = [
  ["390", PHONE],
  ["1280", DESKTOP],
] as const;

/** The page must not scroll sideways: everything fits the viewport width. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [name, viewport] of widths) {
  test(`dashboard at ${name} px: stats, top performers, recent tasks, withdrawals, chart`, async () => {
    const page = await h.page({ viewport });
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    for (const label of ["Total Users", "Verified Joins", "Active Today", "Pending Withdrawals"]) await page.getByText(label, { exact: true }).first().waitFor();
    for (const trend of ["+12%", "+8%", "+23%"]) expect(await page.getByText(trend).count()).toBe(1);
    const stats = await h.api<{ totalUsers: number }>("admin/stats");
    await page.getByText(String(stats.totalUsers), { exact: true }).first().waitFor();
    await page.getByRole("tab", { name: "Top Earners" }).waitFor();
    await page.getByRole("img", { name: "Rank 1" }).first().waitFor();
    expect(await page.getByTestId("leaderboard-entry").count()).toBe(5);
    await page.getByText("Daily Check-in").first().waitFor();
    await page.getByTestId("pending-withdrawal").nth(2).waitFor();
    expect(await page.getByTestId("pending-withdrawal").count()).toBe(3);
    await page.getByTestId("activity-chart").locator("canvas").waitFor();
    await page.getByRole("heading", { name: "7-Day User Activity" }).waitFor();
    await page.getByText("Bot Off").waitFor();
    await screenshot(page, `admin-dashboard-${name}`);
    await expectNoHorizontalScroll(page);
  });

  test(`tasks at ${name} px`, async () => {
    const page = await h.page({ viewport });
    await page.goto("/admin/tasks");
    await page.getByTestId("task-card").first().waitFor();
    expect(await page.getByTestId("task-card").count()).toBeGreaterThanOrEqual(4);
    await page.getByText("Inactive").first().waitFor();
    await screenshot(page, `admin-tasks-${name}`);
    await expectNoHorizontalScroll(page);
  });

  test(`withdrawals at ${name} px, each tab`, async () => {
    const page = await h.page({ viewport });
    await page.goto("/admin/withdrawals");
    await page.getByTestId("withdrawal-card").first().waitFor();
    await screenshot(page, `admin-withdrawals-pending-${name}`);
    await expectNoHorizontalScroll(page);
    await page.getByRole("tab", { name: "Paid" }).click();
    await page.getByRole("link", { name: "View transaction on BscScan" }).first().waitFor();
    expect(await page.getByRole("link", { name: "View transaction on BscScan" }).first().getAttribute("href")).toStartWith("https://bscscan.com/tx/0x");
    await screenshot(page, `admin-withdrawals-paid-${name}`);
    await page.getByRole("tab", { name: "Rejected" }).click();
    await page.getByText("Rejection reason:").first().waitFor();
  });

  test(`users at ${name} px with the user dialog`, async () => {
    const page = await h.page({ viewport });
    await page.goto("/admin/users");
    await page.getByTestId("user-card").first().waitFor();
    await screenshot(page, `admin-users-${name}`);
    await expectNoHorizontalScroll(page);
    const [alice] = await h.api<Array<{ refCode: string }>>("admin/users?search=alice_1");
    await page.getByRole("button", { name: "Open @alice_1" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(alice!.refCode).waitFor();
    await viewportScreenshot(page, `admin-user-dialog-profile-${name}`);
    await dialog.getByRole("tab", { name: "Balance" }).click();
    await dialog.getByTestId("ledger-entry").first().waitFor();
    await viewportScreenshot(page, `admin-user-dialog-balance-${name}`);
  });

  test(`broadcast at ${name} px`, async () => {
    const page = await h.page({ viewport });
    await page.goto("/admin/broadcast");
    await page.getByText("0/4000").waitFor();
    await page.getByTestId("broadcast-row").first().waitFor();
    await page.getByText("The scheduler sends up to 28 messages every 5 minutes, with 100 ms between messages", { exact: false }).waitFor();
    await screenshot(page, `admin-broadcast-${name}`);
    await expectNoHorizontalScroll(page);
  });
}
