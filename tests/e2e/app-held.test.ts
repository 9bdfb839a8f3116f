// Held referral bonuses on the wallet screen (REFERRAL_HOLD_HOURS): shown apart from the balance,
// for how long, in the user's language; nothing when nothing is held.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { DEMO_JWT_SECRET, launchUrl, signedDemoInitData, telegramPage, useAppServer } from "./app-support.ts";

const h = useAppServer({ REFERRAL_HOLD_HOURS: "72", JWT_SECRET: DEMO_JWT_SECRET });

/** A referrer with one friend whose 0.2 USDT bonus is held, written as the hold rule writes it. */
async function referrerWithHeldBonus(languageCode: string) {
  const tgId = 8_100_000_000 + Math.floor(Math.random() * 1_000_000);
  const initData = signedDemoInitData(tgId, { languageCode });
  const me = (await (await fetch(`${h.server.url}/api/me`, { headers: { "X-Telegram-Init-Data": initData } })).json()) as { id: number };
  const friend = (await (await fetch(`${h.server.url}/api/me`, { headers: { "X-Telegram-Init-Data": signedDemoInitData(tgId + 1) } })).json()) as { id: number };
  const db = new Database(h.server.databasePath);
  try {
    const now = Date.now();
    db.run("insert into referral_holds (referred_id, reason, referrer_id, amount, status, release_at, created_at) values (?, 'referral_bonus', ?, 200000, 'held', ?, ?)", [friend.id, me.id, now + 72 * 3_600_000, now]);
    db.run("update users set held_balance = held_balance + 200000 where id = ?", [me.id]);
  } finally {
    db.close();
  }
  return initData;
}

test.each([
  ["en", "+ 0.2 USDT held from referrals, spendable once each friend's 72 hours check is over"],
  ["ru", "+ 0,2 USDT за рефералов ждут проверки и станут доступны через 72 часа после квалификации друга"],
  ["es", "+ 0,2 USDT retenidos por referidos, disponibles cuando termine la verificación de 72 horas de cada amigo"],
])("the wallet shows held referral bonuses apart from the balance (%s)", async (language, text) => {
  const initData = await referrerWithHeldBonus(language);
  const page = await telegramPage(h.browser);
  // The server notices another process's write within a second.
  await Bun.sleep(1100);
  await page.goto(launchUrl(h.server.url, "/app/wallet", initData));
  await expect(page.getByTestId("wallet-held").textContent()).resolves.toBe(text);
  await expect(page.getByTestId("wallet-balance").textContent()).resolves.toMatch(/^0\s*USDT$/);
  await screenshot(page, `app-wallet-held-${language}`);
  await page.close();
});

test("nothing is said about held bonuses when none is held", async () => {
  const initData = signedDemoInitData(8_200_000_000 + Math.floor(Math.random() * 1_000_000), { languageCode: "en" });
  const page = await telegramPage(h.browser);
  await page.goto(launchUrl(h.server.url, "/app/wallet", initData));
  await page.getByTestId("wallet-balance").waitFor();
  await page.getByText("Available Balance").waitFor();
  expect(await page.getByTestId("wallet-held").count()).toBe(0);
  await page.close();
});
