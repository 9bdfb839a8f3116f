// Sending from the hot wallet in the panel, against a server with PAYOUT_KEY_FILE on a local anvil:
// an approved request offers "Send from hot wallet", whose dialog shows what the wallet holds and
// sent today; sent, it is confirming under the transfer's hash and the recipient holds the amount.
// A server without a key offers no such button.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { screenshot } from "@/tests/support/browser.ts";
import { startAnvil, type Anvil } from "@/tests/support/chain/anvil.ts";
import { toastText } from "@/tests/support/toast.ts";
import { startAdminHarness, type AdminHarness } from "./admin-helpers.ts";

let chain: Anvil;
let h: AdminHarness;
beforeAll(async () => {
  chain = await startAnvil();
  const key = generatePrivateKey();
  const file = join(mkdtempSync(join(tmpdir(), "refbot-key-")), "payout.key");
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  await chain.fund(privateKeyToAccount(key).address, "5000");
  // More confirmations than the test mines: what it sends stays confirming.
  h = await startAdminHarness({ BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, PAYOUT_CONFIRMATIONS: "50", PAYOUT_KEY_FILE: file });
  await h.api("admin/settings", { method: "PATCH", body: JSON.stringify({ hotWalletMaxTransfer: "1000" }) });
}, 90_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

type Withdrawal = { id: number; amountUsdt: string; addressBep20: string; status: string; txHash: string | null };

test("Send from hot wallet: the dialog shows the wallet's float and today's total; sent, the request is confirming and the recipient holds the amount", async () => {
  const [pending] = await h.api<Withdrawal[]>("admin/withdrawals?status=pending");
  const w = await h.api<Withdrawal>(`admin/withdrawals/${pending!.id}/approve`, { method: "PATCH" });
  const page = await h.page();
  await page.goto("/admin/withdrawals?status=approved");
  const card = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${w.id} ` });
  await card.getByRole("button", { name: "Send from hot wallet" }).click();
  const dialog = page.getByRole("dialog", { name: "Send from Hot Wallet" });
  const facts = dialog.getByTestId("hot-wallet-facts");
  await facts.waitFor();
  expect(await facts.textContent()).toMatch(/holds 5000 USDT and 100 BNB for gas; sent today 0 of 1000 USDT \(largest transfer 1000\)/);
  await screenshot(page, "admin-hot-wallet-send-dialog-1280");
  await dialog.getByRole("button", { name: "Send" }).click();
  expect(await toastText(page, `Withdrawal #${w.id} sent`)).toContain("Sent from the hot wallet");
  await page.getByRole("tab", { name: /Confirming/ }).click();
  const confirming = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${w.id} ` });
  await confirming.getByTestId("confirming-note").waitFor();
  // Seen in a block by the server's own pass (every 5 s), or not yet.
  expect(await confirming.getByTestId("tx-check").textContent()).toMatch(/^(Sent from the hot wallet: not seen in a block yet|Checked on chain: mined in block \d+)/);
  await screenshot(page, "admin-hot-wallet-confirming-1280");
  const after = await h.api<Withdrawal>(`admin/withdrawals/${w.id}`);
  expect(after.status).toBe("confirming");
  expect(after.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(await chain.balanceOf(w.addressBep20)).toBe(chain.units(w.amountUsdt));
});

test("the table view: filters, keyboard selection and bulk actions, each row showing its own outcome", async () => {
  const page = await h.page();
  await page.goto("/admin/withdrawals?view=table");
  const table = page.getByTestId("withdrawal-table");
  await table.waitFor();
  const pendingRows = await h.api<Withdrawal[]>("admin/withdrawals?status=pending");
  expect(await table.getByTestId("withdrawal-row").count()).toBe(pendingRows.length);
  // The keyboard: the first row focused, x selects it, ↓ moves on, Space selects the next.
  await table.getByTestId("withdrawal-row").first().focus();
  await page.keyboard.press("x");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press(" ");
  expect(await page.getByTestId("table-count").textContent()).toBe(`${pendingRows.length} shown, 2 selected`);
  await page.getByRole("button", { name: "Approve (2)" }).click();
  await page.getByRole("dialog", { name: "Approve Withdrawals" }).getByRole("button", { name: "Approve" }).click();
  const listed = page.getByTestId("batch-outcome");
  await listed.filter({ hasText: /✔|✖/ }).nth(1).waitFor();
  expect(await listed.count()).toBe(2);
  await screenshot(page, "admin-withdrawals-table-approved-1280");

  // The date and risk filters, by the requests the server lists.
  const stillPending = await h.api<(Withdrawal & { userBanned: boolean; createdAt: string })[]>("admin/withdrawals?status=pending");
  await table.getByTestId("withdrawal-row").nth(stillPending.length - 1).waitFor();
  expect(await page.getByTestId("table-count").textContent()).toBe(`${stillPending.length} shown`);
  await page.getByLabel("Requested since").fill("2999-01-01");
  expect(await page.getByTestId("table-count").textContent()).toBe("0 shown");
  await page.getByLabel("Requested since").fill("");
  const risk = page.getByLabel("Risk");
  await risk.selectOption("banned");
  expect(await page.getByTestId("table-count").textContent()).toBe(`${stillPending.filter((w) => w.userBanned).length} shown`);
  await risk.selectOption("clear");
  const clear = stillPending.filter((w) => !w.userBanned);
  expect(await page.getByTestId("table-count").textContent()).toBe(`${clear.length} shown`);
  // Reject with one reason: each selected request rejected with it, each its own outcome.
  const rejecting = clear.slice(0, 2);
  expect(rejecting.length).toBeGreaterThan(0);
  for (const w of rejecting) await page.getByLabel(`Select request #${w.id}`).check();
  await page.getByRole("button", { name: `Reject (${rejecting.length})` }).click();
  const rejectDialog = page.getByRole("dialog", { name: "Reject Withdrawals" });
  expect(await rejectDialog.getByRole("button", { name: "Reject" }).isDisabled()).toBe(true);
  await rejectDialog.getByLabel("Reason").fill("Duplicate accounts");
  await rejectDialog.getByRole("button", { name: "Reject" }).click();
  await listed.filter({ hasText: /✔|✖/ }).nth(rejecting.length - 1).waitFor();
  for (const w of rejecting) {
    expect(await listed.filter({ hasText: `#${w.id} ` }).textContent()).toContain("✔");
    expect(await h.api<{ status: string; failReason: string }>(`admin/withdrawals/${w.id}`)).toMatchObject({ status: "rejected", failReason: "Duplicate accounts" });
  }
  await risk.selectOption("any");

  await page.getByRole("tab", { name: /Approved/ }).click();
  expect(new URL(page.url()).searchParams.get("view")).toBe("table");
  const approvedRows = await h.api<Withdrawal[]>("admin/withdrawals?status=approved");
  // The tab's own table, once its rows have come: filters typed into the last tab's go with it.
  const tableCount = page.getByTestId("table-count");
  await tableCount.filter({ hasText: new RegExp(`^${approvedRows.length} shown$`) }).waitFor();
  await page.getByLabel("Amount from").fill("1000000");
  await tableCount.filter({ hasText: /^0 shown$/ }).waitFor();
  await page.getByLabel("Amount from").fill("");
  await page.getByLabel("Select all shown").check();
  await page.getByRole("button", { name: `Send from hot wallet (${approvedRows.length})` }).click();
  await page.getByRole("dialog", { name: "Send from Hot Wallet" }).getByRole("button", { name: "Send from hot wallet" }).click();
  await listed.filter({ hasText: /✔ .*: sent|✖/ }).nth(approvedRows.length - 1).waitFor();
  await screenshot(page, "admin-withdrawals-table-sent-1280");
  // Each went on its own: a banned user's refused in the server's words, the others sent once.
  for (const w of approvedRows) {
    const after = await h.api<Withdrawal & { userBanned: boolean }>(`admin/withdrawals/${w.id}`);
    const line = await listed.filter({ hasText: `#${w.id} ` }).textContent();
    if (after.userBanned) {
      expect(after.status).toBe("approved");
      expect(line).toContain("✖");
    } else {
      expect(line).toMatch(/✔ .*: sent, tx 0x[0-9a-f]{8}… \(nonce \d+\)/);
      expect(after.status).toBe("confirming");
      expect(await chain.balanceOf(w.addressBep20)).toBe(chain.units(w.amountUsdt));
    }
  }
});
