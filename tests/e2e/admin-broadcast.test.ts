// Broadcast validation (empty, too short, over 4000), the live Telegram preview (legacy Markdown,
// never HTML), the recipient count by language, per-language texts, and the confirmation that
// comes before anything is queued.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { PHONE, useAdminHarness, viewportScreenshot } from "./admin-helpers.ts";

const h = useAdminHarness();

const broadcastCount = () => (h.db().query("SELECT COUNT(*) AS n FROM broadcasts").get() as { n: number }).n;
const reachable = () => (h.db().query("SELECT COUNT(*) AS n FROM users WHERE is_active = 1 AND is_banned = 0").get() as { n: number }).n;

/** Records the broadcast POSTs a page makes. */
function watchPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && request.url().includes("/api/admin/broadcast") && posts.push(request.url())));
  return posts;
}

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
  // One character over is "1 character", not "1 characters".
  await page.getByText("The message is 1 character over the limit.").waitFor();
  expect(await send.isDisabled()).toBe(true);
  // The counter turns red (Tailwind's rose-600, an oklch colour with a red hue).
  expect(await page.getByTestId("broadcast-counter").evaluate((el) => getComputedStyle(el).color)).toStartWith("oklch(0.586 0.253 17");
  await message.fill("x".repeat(4002));
  await page.getByText("The message is 2 characters over the limit.").waitFor();
  await screenshot(page, "admin-broadcast-too-long-1280");

  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByText("0/4000").waitFor();
  expect(broadcastCount()).toBe(before);
});

test("the preview renders bold, italic, code and links as Telegram does, and never HTML", async () => {
  const page = await h.page();
  await page.goto("/admin/broadcast");
  await page.getByLabel("Message").fill('*Big news* for _everyone_: run `/start`, see [our channel](https://t.me/refbot) <img src=x onerror="window.injected=1"> <b>not bold</b>');
  const preview = page.getByTestId("message-preview");
  await preview.locator("strong").getByText("Big news").waitFor();
  expect(await preview.locator("em").innerText()).toBe("everyone");
  expect(await preview.locator("code").innerText()).toBe("/start");
  const link = preview.getByRole("link", { name: "our channel" });
  expect(await link.getAttribute("href")).toBe("https://t.me/refbot");
  expect(await link.getAttribute("rel")).toContain("noopener");
  // Markup in the message is text, as Telegram shows it in Markdown mode.
  expect(await preview.locator("img, b").count()).toBe(0);
  expect(await preview.innerText()).toContain('<img src=x onerror="window.injected=1"> <b>not bold</b>');
  expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
  expect(await preview.innerText()).not.toContain("*");

  // A marker never closed makes Telegram refuse the message: the preview says so and sending stops there.
  await page.getByLabel("Message").fill("Earn 2 * 3 USDT today");
  await page.getByTestId("markdown-problem").getByText("the * at character 8 is never closed").waitFor();
  const posts = watchPosts(page);
  await page.getByRole("button", { name: "Send Broadcast" }).click();
  expect(await toastText(page, "Message Formatting Error")).toContain("never closed");
  expect(await page.getByRole("dialog").count()).toBe(0);
  await page.getByLabel("Message").fill("Earn 2 \\* 3 USDT today");
  expect(await page.getByTestId("message-preview").innerText()).toContain("Earn 2 * 3 USDT today");
  expect(posts).toEqual([]);
});

test("the recipient count shows in total and per language, as the server counts them", async () => {
  // Two users read Russian and one Spanish (chosen in the mini app); everyone else the default.
  for (const [tgId, language] of [[1_000_001, "ru"], [1_000_002, "ru"], [1_000_003, "es"]] as const) {
    const res = await fetch(`${h.server.url}/api/me/language`, { method: "PUT", headers: { "content-type": "application/json", "x-telegram-id": String(tgId) }, body: JSON.stringify({ language }) });
    expect(res.status).toBe(200);
  }
  const audience = await h.api<{ total: number; byLanguage: { en: number; ru: number; es: number } }>("admin/broadcast/audience");
  expect(audience.total).toBe(reachable());
  const page = await h.page();
  await page.goto("/admin/broadcast");
  expect(await page.getByTestId("recipient-count").innerText()).toBe(`${audience.total} users`);
  expect(await page.getByRole("tab", { name: /^Russian/ }).innerText()).toContain(String(audience.byLanguage.ru));
  // With no Russian text yet, Russian readers get the default message.
  expect(await page.getByRole("tab", { name: /^Default/ }).innerText()).toContain(String(audience.byLanguage.en + audience.byLanguage.ru + audience.byLanguage.es));
  await page.getByRole("tab", { name: /^Russian/ }).click();
  await page.getByText(`Left empty, ${audience.byLanguage.ru} Russian readers get the default message.`).waitFor();
  await page.getByLabel("Russian text").fill("*Большая новость!*");
  await page.getByText(`Goes to ${audience.byLanguage.ru} Russian readers.`).waitFor();
  expect(await page.getByRole("tab", { name: /^Default/ }).innerText()).toContain(String(audience.byLanguage.en + audience.byLanguage.es));
});

test("a broadcast is queued only after its confirmation; Cancel sends nothing", async () => {
  const before = broadcastCount();
  const page = await h.page();
  const posts = watchPosts(page);
  await page.goto("/admin/broadcast");
  await page.getByTestId("recipient-count").waitFor();
  await page.getByLabel("Message").fill("*Double rewards* this weekend: complete the daily task!");
  await page.getByRole("button", { name: "Send Broadcast" }).click();
  const confirm = page.getByRole("dialog", { name: "Send this broadcast?" });
  await confirm.getByText(`${reachable()} users`).first().waitFor();
  await viewportScreenshot(page, "admin-broadcast-confirm-1280");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  expect(posts).toEqual([]);
  expect(broadcastCount()).toBe(before);
  expect(await page.getByLabel("Message").inputValue()).toContain("Double rewards");
});

test("a valid message with a Spanish text is queued for every active user and its progress shows", async () => {
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/broadcast");
  await page.getByLabel("Message").fill("*Double rewards* this weekend: complete the daily task!");
  await page.getByRole("tab", { name: /^Spanish/ }).click();
  await page.getByLabel("Spanish text").fill("*Recompensas dobles* este fin de semana.");
  await page.getByTestId("message-preview").locator("strong").getByText("Recompensas dobles").waitFor();
  await page.getByText("40/4000").waitFor();
  await page.getByRole("button", { name: "Send Broadcast" }).click();
  const active = reachable();
  await page.getByRole("dialog", { name: "Send this broadcast?" }).getByRole("button", { name: `Send to ${active} users` }).click();
  const text = await toastText(page, "Broadcast Queued Successfully");
  expect(Number(text.match(/queued for (\d+) users/)![1])).toBe(active);
  expect(await page.getByLabel("Message").inputValue()).toBe("");
  const saved = h.db().query("SELECT message, texts FROM broadcasts ORDER BY id DESC LIMIT 1").get() as { message: string; texts: string };
  expect(saved.message).toBe("*Double rewards* this weekend: complete the daily task!");
  expect(JSON.parse(saved.texts)).toEqual({ es: "*Recompensas dobles* este fin de semana." });

  const row = page.getByTestId("broadcast-row").filter({ hasText: "Double rewards" });
  await row.getByText(`${active} pending`).waitFor();
  await row.getByText("ETA", { exact: false }).waitFor();
  await row.getByText("Sending").waitFor();
  await screenshot(page, "admin-broadcast-queued-390");
});

test("Recent Broadcasts shows a message as Telegram does: bold in bold, a link as its text, no markers", async () => {
  const page = await h.page();
  await page.goto("/admin/broadcast");
  await page.getByLabel("Message").fill("*Bold* text from [our channel](https://t.me/refbot)");
  await page.getByRole("button", { name: "Send Broadcast" }).click();
  await page.getByRole("dialog", { name: "Send this broadcast?" }).getByRole("button", { name: /^Send to/ }).click();
  await toastText(page, "Broadcast Queued Successfully");
  const message = page.getByTestId("broadcast-row").filter({ hasText: "Bold text from our channel" }).getByTestId("broadcast-message");
  expect(await message.innerText()).toBe("Bold text from our channel");
  const bold = message.getByText("Bold", { exact: true });
  expect(await bold.evaluate((el) => el.tagName)).toBe("STRONG");
  expect(Number(await bold.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
  // A row is a summary: the link is its text, nothing to click.
  expect(await message.locator("a").count()).toBe(0);
  await screenshot(page, "admin-broadcast-history-1280");
});

test("a broadcast still sending can be cancelled after a confirmation; it then shows as stopped, with why, and no Cancel", async () => {
  // No bot on this server: a queued broadcast stays pending.
  const { broadcast } = await h.api<{ broadcast: { id: number; total: number } }>("admin/broadcast", { method: "POST", body: JSON.stringify({ message: "Call me back from the panel" }) });
  expect(broadcast.total).toBeGreaterThan(0);
  const stoppedAt = () => (h.db().query("SELECT stopped_at FROM broadcasts WHERE id = ?").get(broadcast.id) as { stopped_at: number | null }).stopped_at;
  const page = await h.page();
  await page.goto("/admin/broadcast");
  const row = page.getByTestId("broadcast-row").filter({ hasText: "Call me back from the panel" });
  await row.getByText("Sending", { exact: true }).waitFor();

  // The question says what is at stake; closing it changes nothing.
  await row.getByRole("button", { name: "Cancel" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this broadcast?" });
  await dialog.getByText(`${broadcast.total} of ${broadcast.total}`).waitFor();
  await viewportScreenshot(page, "admin-broadcast-cancel-1280");
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await dialog.waitFor({ state: "detached" });
  expect(stoppedAt()).toBeNull();

  await row.getByRole("button", { name: "Cancel" }).click();
  await dialog.getByRole("button", { name: "Cancel Broadcast" }).click();
  expect(await toastText(page, `Broadcast #${broadcast.id} cancelled`)).toContain(`0 of ${broadcast.total} sent`);
  await row.getByText("Stopped", { exact: true }).waitFor();
  expect(await row.getByTestId("broadcast-stop").innerText()).toEndWith(`, cancelled by ${h.server.adminEmail}`);
  expect(await row.getByText(`${broadcast.total} failed`).count()).toBe(1);
  expect(await row.getByRole("button", { name: "Cancel" }).count()).toBe(0);
  expect(stoppedAt()).not.toBeNull();
  const left = h.db().query("SELECT COUNT(*) AS n FROM broadcast_deliveries WHERE broadcast_id = ? AND status <> 'failed'").get(broadcast.id) as { n: number };
  expect(left.n).toBe(0);
  await screenshot(page, "admin-broadcast-stopped-1280");
});
