// The admin panel's Settings page in the browser: the groups with each field's description and
// default, a bad value refused under its field with the server's rule (and nothing saved), a good
// one saved for its group and shown as changed, Reset to default; and the mini app's Withdraw
// button and referral screen showing the new minimum, qualifying tasks and target once reopened.
import { expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { PHONE, useAdminHarness } from "./admin-helpers.ts";

const h = useAdminHarness();

type Setting = { key: string; value: string | number; changed: boolean };
const setting = async (key: string) => h.api<Setting>(`admin/settings/${key}`);

test("the Settings page saves a group, refuses a bad value under its field, and resets to the default", async () => {
  const page = await h.page();
  await page.goto("/admin/settings");
  for (const title of ["Referrals", "Withdrawals", "Risk", "Broadcasts", "Links & name"]) {
    await page.getByRole("heading", { name: title, exact: true }).waitFor();
  }
  const bonus = page.getByLabel("Referral bonus");
  expect(await bonus.inputValue()).toBe("0.20");
  expect(await page.getByText("Paid to the referrer once per referred user who qualifies. Default: 0.20 USDT.").count()).toBe(1);
  await screenshot(page, "admin-settings");

  const referrals = page.getByTestId("settings-referrals");
  await bonus.fill("0.2.5");
  await page.getByLabel("Milestone: qualified referrals").fill("0");
  await referrals.getByRole("button", { name: "Save referrals" }).click();
  await referrals.getByText('must be a decimal number such as "10.50"').waitFor();
  await referrals.getByText("must be at least 1").waitFor();
  await screenshot(page, "admin-settings-refused");
  expect(await setting("referralBonus")).toMatchObject({ value: "0.20", changed: false });
  expect(await setting("referralTarget")).toMatchObject({ value: 50, changed: false });

  await bonus.fill("0.35");
  await page.getByLabel("Qualifying daily tasks").fill("3");
  await page.getByLabel("Milestone: qualified referrals").fill("40");
  await referrals.getByRole("button", { name: "Save referrals" }).click();
  await page.getByText("Referral bonus: 0.20 → 0.35, Qualifying daily tasks: 2 → 3, Milestone: qualified referrals: 50 → 40").waitFor();
  await referrals.getByText("changed").first().waitFor();
  expect(await setting("referralBonus")).toMatchObject({ value: "0.35", changed: true });

  const withdrawals = page.getByTestId("settings-withdrawals");
  await page.getByLabel("Minimum withdrawal").fill("20");
  await withdrawals.getByRole("button", { name: "Save withdrawals" }).click();
  await withdrawals.getByRole("button", { name: "Reset to default (10.00 USDT)" }).waitFor();
  await screenshot(page, "admin-settings-changed");

  // The mini app, opened again, reads the new minimum on its Withdraw button, and the new
  // qualifying tasks and target on its referral screen.
  const app = await h.page({ viewport: PHONE, signedIn: false });
  await app.goto("/app?tgUserId=1000001");
  await app.getByText("Min 20 USDT").waitFor();
  await app.goto("/app/referrals");
  await app.getByText("/40").first().waitFor();
  await app.getByText("A referral qualifies after joining the channel and completing 3 daily tasks.").waitFor();

  await referrals.getByRole("button", { name: "Reset to default (0.20 USDT)" }).click();
  await page.getByText("Referral bonus: 0.35 → 0.20").waitFor();
  expect(await bonus.inputValue()).toBe("0.20");
  expect(await setting("referralBonus")).toMatchObject({ value: "0.20", changed: false });
});

test("on a phone the groups stack and every field stays inside the screen", async () => {
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/settings");
  await page.getByRole("heading", { name: "Links & name", exact: true }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "admin-settings-phone");
});
