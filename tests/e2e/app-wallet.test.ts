// The wallet screen as a new user with a credited balance (demo server). Inside Telegram the
// screen's main action is Telegram's MainButton (Set Wallet, then Withdraw, then the open sheet's
// own action), a withdrawal is confirmed in Telegram's popup, and a half-filled form asks before
// the app closes; in a plain browser the same steps run on in-page buttons and an in-page
// question. Either way a refused address or amount shows beside its field, not in a toast, and the
// request goes out under the user's own identity and debits their balance.
import { expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { toChecksumAddress } from "@/domain/wallet.ts";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { launchUrl, mainButton, mintInitData, pressMainButton, smallTapTargets, telegramEvents, telegramPage, useAppServer } from "./app-support.ts";

const h = useAppServer();

async function userApi(initData: string, path: string) {
  const res = await fetch(`${h.server.url}/api/${path}`, { headers: { "X-Telegram-Init-Data": initData } });
  return res.json() as Promise<any>;
}

async function credit(userId: number, amount: string) {
  const login = await fetch(`${h.server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: h.server.adminEmail, password: h.server.adminPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${h.server.url}/api/admin/users/${userId}/adjust`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ amount, reason: "Browser test credit" }),
  });
  expect(res.status).toBe(200);
}

const randomHexAddress = () => `0x${Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b.toString(16).padStart(2, "0")).join("")}`;

/** A checksummed address with one letter's case flipped: 0x + 40 hex, but a wrong EIP-55 checksum. */
function badChecksum(): string {
  const checksummed = toChecksumAddress(randomHexAddress());
  const at = checksummed.slice(2).search(/[a-fA-F]/) + 2;
  const letter = checksummed[at]!;
  return checksummed.slice(0, at) + (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()) + checksummed.slice(at + 1);
}

/** A new user with 25 USDT, and their init data. */
async function fundedUser() {
  const tgId = 8_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const initData = await mintInitData(h.server.url, tgId);
  const user = await userApi(initData, "me");
  await credit(user.id, "25");
  return { tgId, initData };
}

/**
 * The field's error sits beside the field: right under it, tied to it for assistive tech, and the
 * refusal shows no toast.
 */
async function expectFieldError(page: Page, field: Locator, expected: string | RegExp) {
  const error = page.getByRole("dialog").getByTestId("field-error");
  await error.filter({ hasText: expected }).waitFor();
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  expect(await field.getAttribute("aria-describedby")).toBe(await error.getAttribute("id"));
  const [fieldBox, errorBox] = [await field.boundingBox(), await error.boundingBox()];
  expect(errorBox!.y - (fieldBox!.y + fieldBox!.height)).toBeGreaterThanOrEqual(0);
  expect(errorBox!.y - (fieldBox!.y + fieldBox!.height)).toBeLessThan(12);
  expect(await page.getByTestId("toast").filter({ hasText: expected }).count()).toBe(0);
}

/** Waits until the app has given Telegram's MainButton this text (null: hidden). */
const waitForMainButton = (page: Page, text: string | null) =>
  page.waitForFunction((want) => {
    const last = (window as any).__telegramEvents.findLast(([t]: [string]) => t === "web_app_setup_main_button")?.[1];
    return want === null ? last?.is_visible === false : last?.is_visible && last.text === want;
  }, text);

const lastEvent = async (page: Page, type: string) => (await telegramEvents(page)).findLast(([t]) => t === type)?.[1];

test("in Telegram: the MainButton sets the wallet and withdraws, errors show beside the field, a popup confirms", async () => {
  const { tgId, initData } = await fundedUser();
  const page = await telegramPage(h.browser);
  const withdrawCalls: Array<string | undefined> = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/me/withdraw") withdrawCalls.push(request.headers()["x-telegram-init-data"]);
  });
  await page.goto(launchUrl(h.server.url, "/app/wallet", initData));
  await page.getByTestId("wallet-balance").getByText("25").waitFor();
  await page.getByTestId("no-wallet").waitFor();
  // Without a wallet nothing can be withdrawn: the MainButton sets one, and no in-page button repeats it.
  expect(await mainButton(page)).toEqual({ text: "Set Wallet", busy: false });
  expect(await page.getByRole("button", { name: /Withdraw|Set Wallet/ }).count()).toBe(0);
  expect(await page.getByTestId("withdraw-blocker").innerText()).toBe("Set your wallet to withdraw.");

  await pressMainButton(page);
  const dialog = page.getByRole("dialog");
  const address = dialog.locator("input[name=address]");
  await address.waitFor();
  await waitForMainButton(page, "Save Wallet");
  expect(await lastEvent(page, "web_app_setup_closing_behavior")).toBeUndefined();

  // Not 0x + 40 hex: refused beside the field, with an error buzz, nothing sent.
  await address.fill("0x12345");
  // Half-filled: closing the app now asks first.
  expect(await lastEvent(page, "web_app_setup_closing_behavior")).toEqual({ need_confirmation: true });
  await pressMainButton(page);
  await expectFieldError(page, address, "Please enter a valid BEP-20 wallet address");
  expect((await lastEvent(page, "web_app_trigger_haptic_feedback"))?.notification_type).toBe("error");
  expect(await smallTapTargets(page)).toEqual([]);
  await screenshot(page, "app-wallet-address-error");

  // A wrong EIP-55 checksum: the server refuses it, and its reason shows beside the field too.
  await address.fill(badChecksum());
  expect(await dialog.getByTestId("field-error").count()).toBe(0);
  await pressMainButton(page);
  await expectFieldError(page, address, /checksum/);
  expect((await userApi(initData, "me")).walletBep20).toBeNull();

  const checksummed = toChecksumAddress(randomHexAddress());
  await address.fill(checksummed);
  await pressMainButton(page);
  await toastText(page, "Wallet updated successfully");
  await dialog.waitFor({ state: "detached" });
  expect(await page.getByTestId("wallet-address").innerText()).toBe(checksummed);
  expect(await lastEvent(page, "web_app_setup_closing_behavior")).toEqual({ need_confirmation: false });
  // With a wallet and enough balance, the MainButton withdraws.
  await waitForMainButton(page, "Withdraw");

  await pressMainButton(page);
  const amount = dialog.locator("input[name=amount]");
  await amount.waitFor();
  expect(await dialog.innerText()).toContain(checksummed);
  await waitForMainButton(page, "Request Withdrawal");
  expect(await amount.getAttribute("min")).toBe("10.00");
  expect(await amount.getAttribute("step")).toBe("0.01");
  expect(await amount.getAttribute("max")).toBe("25.00");
  for (const [typed, refusal] of [
    ["5", "Minimum withdrawal amount is 10 USDT"],
    ["12.505", "Amount must have at most 2 decimals"],
    ["30", "You can withdraw at most 25 USDT"],
  ] as const) {
    await amount.fill(typed);
    await pressMainButton(page);
    await expectFieldError(page, amount, refusal);
  }
  expect(await lastEvent(page, "web_app_open_popup")).toBeUndefined();
  expect(withdrawCalls).toEqual([]);
  expect((await userApi(initData, "me")).balanceUsdt).toBe("25.00");
  await screenshot(page, "app-wallet-withdraw-dialog");

  // A valid amount asks in Telegram's popup first; cancelling sends nothing.
  await amount.fill("12.50");
  await pressMainButton(page);
  await page.waitForFunction(() => (window as any).__telegramEvents.some(([t]: [string]) => t === "web_app_open_popup"));
  const popup = (await lastEvent(page, "web_app_open_popup"))!;
  expect(popup.title).toBe("Confirm withdrawal");
  expect(popup.message).toBe(`Send 12.5 USDT to ${checksummed}? A payout to a wrong address cannot be reversed.`);
  expect(popup.buttons).toEqual([
    { id: "confirm", type: "default", text: "Withdraw" },
    { id: "cancel", type: "cancel" },
  ]);
  await page.evaluate(() => window.Telegram!.WebView!.receiveEvent("popup_closed", { button_id: "cancel" }));
  await Bun.sleep(300);
  expect(withdrawCalls).toEqual([]);

  await pressMainButton(page);
  await page.waitForFunction(() => (window as any).__telegramEvents.filter(([t]: [string]) => t === "web_app_open_popup").length === 2);
  await page.evaluate(() => window.Telegram!.WebView!.receiveEvent("popup_closed", { button_id: "confirm" }));
  expect(await toastText(page, "Withdrawal request submitted")).toContain("Your request is being reviewed by our team");
  await page.getByTestId("wallet-balance").getByText("12.5").waitFor();
  // One request may be open at a time: the reason shows, and the MainButton is gone.
  await page.getByText("Your withdrawal is being processed").waitFor();
  await waitForMainButton(page, null);
  expect(await lastEvent(page, "web_app_setup_closing_behavior")).toEqual({ need_confirmation: false });
  // The request went out under this user's own identity and debited this user's balance.
  expect(withdrawCalls).toEqual([initData]);
  expect((await userApi(initData, "me")).balanceUsdt).toBe("12.50");
  const [mine] = await userApi(initData, "me/withdrawals");
  expect(mine).toMatchObject({ tgId, amountUsdt: "12.50", status: "pending", addressBep20: checksummed });

  await page.getByRole("tab", { name: "Withdrawals" }).click();
  const list = page.getByTestId("withdrawals");
  await list.getByText("Pending").waitFor();
  const text = await list.innerText();
  expect(text).toContain("12.5");
  expect(text).toContain(`${checksummed.slice(0, 6)}...${checksummed.slice(-4)}`);
  await page.getByRole("tab", { name: "Transactions" }).click();
  await page.getByTestId("transactions").getByText("Withdrawal", { exact: true }).waitFor();
  await screenshot(page, "app-wallet-after-withdrawal");
  await page.close();
}, 45_000);

test("in a plain browser: the same steps on in-page buttons, with an in-page question before withdrawing", async () => {
  const { tgId, initData } = await fundedUser();
  const page = await h.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${h.server.url}/app/wallet?tgUserId=${tgId}`);
  await page.getByTestId("wallet-balance").getByText("25").waitFor();
  const withdraw = page.getByRole("button", { name: "Withdraw", exact: true });
  expect(await withdraw.isDisabled()).toBe(true);

  await page.getByRole("button", { name: "Set Wallet" }).click();
  const dialog = page.getByRole("dialog");
  const address = dialog.locator("input[name=address]");
  await address.fill("not an address");
  await dialog.getByRole("button", { name: "Save Wallet" }).click();
  await expectFieldError(page, address, "Please enter a valid BEP-20 wallet address");
  // Typing again clears the error.
  await address.fill("0x");
  expect(await dialog.getByTestId("field-error").count()).toBe(0);
  const checksummed = toChecksumAddress(randomHexAddress());
  await address.fill(checksummed);
  await address.press("Enter");
  await toastText(page, "Wallet updated successfully");
  await dialog.waitFor({ state: "detached" });

  expect(await withdraw.isEnabled()).toBe(true);
  await withdraw.click();
  const amount = dialog.locator("input[name=amount]");
  await amount.fill("9.99");
  await dialog.getByRole("button", { name: "Request Withdrawal" }).click();
  await expectFieldError(page, amount, "Minimum withdrawal amount is 10 USDT");
  await dialog.getByRole("button", { name: "Max" }).click();
  expect(await amount.inputValue()).toBe("25.00");
  expect(await smallTapTargets(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Request Withdrawal" }).click();

  const question = page.getByRole("dialog", { name: "Confirm withdrawal" });
  await question.waitFor();
  expect(await question.innerText()).toContain(`Send 25 USDT to ${checksummed}?`);
  expect(await smallTapTargets(page)).toEqual([]);
  await screenshot(page, "app-wallet-confirm-in-page");
  await question.getByRole("button", { name: "Cancel" }).click();
  await question.waitFor({ state: "detached" });
  expect((await userApi(initData, "me")).balanceUsdt).toBe("25.00");

  await dialog.getByRole("button", { name: "Request Withdrawal" }).click();
  await question.getByRole("button", { name: "Withdraw" }).click();
  await toastText(page, "Withdrawal request submitted");
  await page.getByTestId("wallet-balance").getByText("0").first().waitFor();
  expect((await userApi(initData, "me")).balanceUsdt).toBe("0.00");
  await page.close();
}, 30_000);
