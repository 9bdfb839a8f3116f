// The Setup page against a real server whose bot (a fake Bot API) is not an administrator of the
// channel: the failing check shows its fix, the passing ones say what was found, and "Check again"
// shows the fix taking effect.
import { afterAll, expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { startFakeTelegram } from "@/tests/support/fake-telegram.ts";
import { DESKTOP, PHONE, useAdminHarness } from "./admin-helpers.ts";

const tg = startFakeTelegram();
const h = useAdminHarness({ BOT_TOKEN: "123456:TEST-token", TELEGRAM_API_ROOT: tg.apiRoot, CHANNEL_ID: "@refbot_news", MINIAPP_URL: "https://bot.example.com/app" });
afterAll(() => tg.stop());

test("a failing and a passing check side by side, each failure with its fix; Check again runs them anew", async () => {
  const page = await h.page({ viewport: DESKTOP });
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Setup" }).click();
  await page.getByRole("heading", { name: "Setup" }).waitFor();
  const channel = page.locator('li[data-status="fail"]').filter({ hasText: "channel admin" });
  await channel.waitFor();
  expect(await channel.innerText()).toContain("the bot is a stranger to @refbot_news, not an administrator, so every membership check fails");
  expect(await channel.innerText()).toContain("Fix: in Telegram open @refbot_news, tap its name, Administrators, Add Admin, search @refbot_test_bot");
  const token = page.locator('li[data-status="ok"]').filter({ hasText: "bot token" });
  expect(await token.innerText()).toContain("@refbot_test_bot (id 999000)");
  expect(await page.getByText(/^1 check\(s\) failed$/).count()).toBe(1);
  // The backup's fix names the command as code, to be copied.
  expect(await page.locator('li[data-status="warn"]').filter({ hasText: "backup" }).locator("code").first().innerText()).toStartWith("refbot db backup");
  await screenshot(page, "admin-setup-1280");

  tg.statuses.set(999_000, { status: "administrator" });
  await page.getByRole("button", { name: "Check again" }).click();
  await page.locator('li[data-status="ok"]').filter({ hasText: "channel admin" }).waitFor();
  expect(await page.getByText(/^No failure$/).count()).toBe(1);

  const phone = await h.page({ viewport: PHONE });
  await phone.goto("/admin/setup");
  await phone.locator('li[data-status="ok"]').filter({ hasText: "channel admin" }).waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(phone, "admin-setup-390");
}, 60_000);
