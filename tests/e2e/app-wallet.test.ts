// The wallet screen as a new user with a credited balance (demo server): an invalid then a
// valid wallet address, a withdrawal below the minimum refused and a valid one debiting the
// balance under the user's own identity.
import { expect, test } from "bun:test";
import { toChecksumAddress } from "@/domain/wallet.ts";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { launchUrl, mintInitData, telegramPage, useAppServer } from "./app-support.ts";


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

test("set an invalid then a valid wallet; withdraw below 10 is refused, a valid amount debits the balance", async () => {
  const tgId = 8_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const initData = await mintInitData(h.server.url, tgId);
  const user = await userApi(initData, "me");
  await credit(user.id, "25");

  const page = await telegramPage(h.browser);
  const withdrawCalls: Array<string | undefined> = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/me/withdraw") withdrawCalls.push(request.headers()["x-telegram-init-data"]);
  });
  await page.goto(launchUrl(h.server.url, "/app/wallet", initData));
  await page.getByTestId("wallet-balance").getByText("25").waitFor();
  await page.getByTestId("no-wallet").waitFor();
  const withdraw = page.getByRole("button", { name: "Withdraw", exact: true });
  expect(await withdraw.isDisabled()).toBe(true);

  // Not 0x + 40 hex: refused in the app, nothing sent.
  await page.getByRole("button", { name: "Set Wallet" }).click();
  const dialog = page.getByRole("dialog");
  const address = dialog.locator("input[name=address]");
  await address.fill("0x12345");
  await dialog.getByRole("button", { name: "Save Wallet" }).click();
  expect(await toastText(page, "Invalid address")).toContain("Please enter a valid BEP-20 wallet address");

  // Mixed case with a wrong EIP-55 checksum: the server refuses it and the app shows why.
  const checksummed = toChecksumAddress(randomHexAddress());
  const letter = checksummed.slice(2).search(/[a-fA-F]/) + 2;
  const flipped = checksummed.slice(0, letter) + (checksummed[letter] === checksummed[letter]!.toUpperCase() ? checksummed[letter]!.toLowerCase() : checksummed[letter]!.toUpperCase()) + checksummed.slice(letter + 1);
  await address.fill(flipped);
  await dialog.getByRole("button", { name: "Save Wallet" }).click();
  expect(await toastText(page, "Failed to update wallet")).toContain("checksum");
  expect((await userApi(initData, "me")).walletBep20).toBeNull();

  await address.fill(checksummed);
  await dialog.getByRole("button", { name: "Save Wallet" }).click();
  await toastText(page, "Wallet updated successfully");
  expect(await page.getByTestId("wallet-address").innerText()).toBe(checksummed);
  expect((await userApi(initData, "me")).walletBep20).toBe(checksummed);

  // Below the minimum: refused with the spec's words, the balance untouched.
  expect(await withdraw.isEnabled()).toBe(true);
  await withdraw.click();
  const form = page.getByRole("dialog");
  expect(await form.innerText()).toContain(checksummed);
  const amount = form.locator("input[name=amount]");
  expect(await amount.getAttribute("min")).toBe("10.00");
  expect(await amount.getAttribute("step")).toBe("0.01");
  expect(await amount.getAttribute("max")).toBe("25.00");
  await amount.fill("5");
  await form.getByRole("button", { name: "Request Withdrawal" }).click();
  expect(await toastText(page, "Minimum withdrawal")).toContain("Minimum withdrawal amount is 10 USDT");
  // The server's own rule for a withdrawal (amountRules in rules.ts), in its words.
  await amount.fill("12.505");
  await form.getByRole("button", { name: "Request Withdrawal" }).click();
  expect(await toastText(page, "Invalid amount")).toContain("Amount must have at most 2 decimals");
  await amount.fill("30");
  await form.getByRole("button", { name: "Request Withdrawal" }).click();
  await toastText(page, "Insufficient balance");
  expect(withdrawCalls).toEqual([]);
  expect((await userApi(initData, "me")).balanceUsdt).toBe("25.00");
  await screenshot(page, "app-wallet-withdraw-dialog");

  await amount.fill("12.50");
  await form.getByRole("button", { name: "Request Withdrawal" }).click();
  expect(await toastText(page, "Withdrawal request submitted")).toContain("Your request is being reviewed by our team");
  await page.getByTestId("wallet-balance").getByText("12.5").waitFor();
  // 12.50 is above the minimum, but one request may be open at a time.
  await page.getByText("Your withdrawal is being processed").waitFor();
  expect(await withdraw.isDisabled()).toBe(true);
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
}, 30_000);
