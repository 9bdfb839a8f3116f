// Broadcast validation (empty, too short, over 4000) and a queued broadcast with its progress.
import { expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { PHONE, useAdminHarness } from "./admin-helpers.ts";

const h = useAdminHarness();

const broadcastCount = () => (h.db().query("SELECT COUNT(*) AS n FROM broadcasts").get() as { n: number }).n;

test("empty, too short and too long messages are refused with the spec's texts", async () => {
  const before = broadcastCount();
  const page = await h.page();
  await page.goto("/admin/broadcast");
  const send = page.getByRole("button", { name: "Send Broadcast" });
  const message = page.getByLabel("Message");

  await send.click();
  expect(await toastText(page, "Message Required")).toBe("Message Required\nPlease enter a message to broadcast");

  await message.fill("   hey   ");
  await page.getByText("9/4000").waitFor();
  await send.click();
  expect(await toastText(page, "Message Too Short")).toBe("Message Too Short\nMessage must be at least 5 characters long");

  await message.fill("x".repeat(4001));
  await page.getByText("4001/4000").waitFor();
  expect(await send.isDisabled()).toBe(true);
  // The counter turns red (Tailwind's rose-600, an oklch colour with a red hue).
  expect(await page.getByTestId("broadcast-counter").evaluate((el) => getComputedStyle(el).color)).toStartWith("oklch(0.586 0.253 17");
  await screenshot(page, "admin-broadcast-too-long-1280");

  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByText("0/4000").waitFor();
  expect(broadcastCount()).toBe(before);
});

test("a valid message is queued for every active user and its progress shows", async () => {
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/broadcast");
  await page.getByLabel("Message").fill("*Double rewards* this weekend: complete the daily task!");
  await page.getByRole("button", { name: "Send Broadcast" }).click();
  const text = await toastText(page, "Broadcast Queued Successfully");
  expect(text).toContain("Broadcast Queued Successfully");
  const queued = Number(text.match(/queued for (\d+) users/)![1]);
  const active = (h.db().query("SELECT COUNT(*) AS n FROM users WHERE is_active = 1 AND is_banned = 0").get() as { n: number }).n;
  expect(queued).toBe(active);
  expect(await page.getByLabel("Message").inputValue()).toBe("");

  const row = page.getByTestId("broadcast-row").filter({ hasText: "Double rewards" });
  await row.getByText(`${queued} pending`).waitFor();
  await row.getByText("ETA", { exact: false }).waitFor();
  await row.getByText("Sending").waitFor();
  await screenshot(page, "admin-broadcast-queued-390");
});
