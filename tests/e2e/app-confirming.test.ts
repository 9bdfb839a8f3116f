// A withdrawal sent on chain and waiting for its confirmations, as the user sees it in the mini
// app's list of their withdrawals: in their language, with the transaction already linked; and as
// paid once the confirmations are in.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { toChecksumAddress } from "@/domain/wallet.ts";
import { screenshot } from "@/tests/support/browser.ts";
import { DEMO_JWT_SECRET, launchUrl, signedDemoInitData, telegramPage, useAppServer } from "./app-support.ts";

const h = useAppServer({ JWT_SECRET: DEMO_JWT_SECRET });

const catalogue = async (language: string) => (await Bun.file(`${import.meta.dir}/../../domain/i18n/${language}/app.json`).json()) as Record<string, string>;
const hex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");

async function call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${h.server.url}/api/${path}`, {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(res.status).toBeLessThan(300);
  return res.json() as Promise<any>;
}

/** A user who asked to withdraw 12 USDT, approved by the admin: their init data and the request's id. */
async function approvedWithdrawal(languageCode: string) {
  const initData = signedDemoInitData(6_000_000_000 + Math.floor(Math.random() * 1_000_000_000), { languageCode });
  const user = { "X-Telegram-Init-Data": initData };
  const { id: userId } = await call("me", { headers: user });
  const { token } = await call("auth/login", { method: "POST", body: { email: h.server.adminEmail, password: h.server.adminPassword } });
  const admin = { authorization: `Bearer ${token}` };
  await call(`admin/users/${userId}/adjust`, { method: "POST", headers: admin, body: { amount: "20", reason: "Browser test credit" } });
  await call("me/wallet", { method: "POST", headers: user, body: { address: toChecksumAddress(`0x${hex(20)}`) } });
  const { id } = await call("me/withdraw", { method: "POST", headers: user, body: { amount: "12" } });
  await call(`admin/withdrawals/${id}/approve`, { method: "PATCH", headers: admin });
  return { initData, id: id as number };
}

/**
 * What the payout check writes when it finds the transfer mined with too few confirmations yet
 * (domain/withdrawals.ts: markWithdrawalPaid, with a chain); this server has no chain to ask, so
 * the test writes it into the server's database itself.
 */
function sentOnChain(id: number, status: "confirming" | "paid"): string {
  const txHash = `0x${hex(32)}`;
  const db = new Database(h.server.databasePath);
  try {
    db.run("pragma busy_timeout = 5000");
    db.query("update withdrawals set status = ?, tx_hash = ? where id = ?").run(status, txHash, id);
  } finally {
    db.close();
  }
  return txHash;
}

test("a withdrawal waiting for its confirmations says so in the user's language, its transaction linked; once confirmed it says paid", async () => {
  for (const language of ["en", "ru", "es"]) {
    const words = await catalogue(language);
    const { initData, id } = await approvedWithdrawal(language);
    const txHash = sentOnChain(id, "confirming");

    const page = await telegramPage(h.browser);
    await page.goto(launchUrl(h.server.url, "/app/wallet", initData));
    await page.getByRole("tab", { name: words["wallet.withdrawals"]! }).click();
    const list = page.getByTestId("withdrawals");
    await list.getByText(words["withdrawalStatus.confirming"]!, { exact: true }).waitFor();
    const link = list.getByRole("link");
    expect(await link.getAttribute("href")).toEndWith(txHash);
    expect(await link.innerText()).toStartWith(txHash.slice(0, 8));
    if (language === "en") await screenshot(page, "app-wallet-confirming");

    sentOnChain(id, "paid");
    await page.reload();
    await page.getByRole("tab", { name: words["wallet.withdrawals"]! }).click();
    await list.getByText(words["withdrawalStatus.paid"]!, { exact: true }).waitFor();
    expect(await list.getByText(words["withdrawalStatus.confirming"]!, { exact: true }).count()).toBe(0);
    await page.close();
  }
}, 60_000);
