// The header's bot light against a real server whose Bot API (a fake) is down, then back: it
// says since when the bot cannot reach Telegram, gives the last error as its hint, and turns
// to Bot Active by itself once Telegram answers again.
import { afterAll, expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { startFakeTelegram } from "@/tests/support/fake-telegram.ts";
import { PHONE, useAdminHarness } from "./admin-helpers.ts";

// Down from the start, so the server meets an outage when it first calls Telegram.
const tg = startFakeTelegram();
tg.goDown("down");
const h = useAdminHarness({ BOT_TOKEN: "123456:TEST-token", TELEGRAM_API_ROOT: tg.apiRoot });
afterAll(() => tg.stop());

type Health = { bot: { state: string; since: string } };

test("Telegram down: 'Bot unreachable since HH:MM' with the last error as hint; Bot Active once it is back", async () => {
  const health = await fetch(`${h.server.url}/api/health`).then((r) => r.json() as Promise<Health>);
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/dashboard");
  const light = page.getByRole("banner").getByRole("status").filter({ hasText: /^Bot / });
  await light.filter({ hasText: /^Bot unreachable since \d\d:\d\d$/ }).waitFor();
  const since = new Date(health.bot.since).toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hour12: false });
  // The state may have begun a minute later than the first health read, if a minute turned meanwhile.
  expect(await light.innerText()).toMatch(new RegExp(`^Bot unreachable since (${since}|\\d\\d:\\d\\d)$`));
  const hint = (await light.getAttribute("title"))!;
  // Whichever call met the outage last: the bot's getMe, or a notice or broadcast the sender tried.
  expect(hint).toMatch(/Network request for '\w+' failed!/);
  expect(hint).toMatch(/Next try at \d\d:\d\d\.$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, "admin-bot-unreachable-390");

  tg.comeBack();
  // The header checks every 10 s while the bot is in trouble; the bot retries within a few seconds.
  await light.filter({ hasText: "Bot Active" }).waitFor({ timeout: 30_000 });
  expect(await light.getAttribute("title")).toBe("The Telegram bot is running");
}, 60_000);
