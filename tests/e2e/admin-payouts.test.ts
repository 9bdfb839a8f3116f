// Payouts checked on chain, in the panel, against a server whose BSC_RPC_URL is a local anvil: Mark
// as Paid with a matching transfer leaves the request confirming (its own tab, a note that it waits
// for its blocks, checked on chain beside the hash); a transfer of another amount is refused under
// the hash field; a payout recorded before the check says "Not checked on chain"; one whose
// transaction a reorganisation took away comes back to Approved saying why (on its card and on its
// row in the table view), and can be rejected.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { startAnvil, type Anvil } from "@/tests/support/chain/anvil.ts";
import { toastText } from "@/tests/support/toast.ts";
import { until } from "@/tests/support/until.ts";
import { startAdminHarness, viewportScreenshot, type AdminHarness } from "./admin-helpers.ts";

let chain: Anvil;
let h: AdminHarness;
beforeAll(async () => {
  chain = await startAnvil();
  // More confirmations than the test mines: what it makes confirming stays so.
  h = await startAdminHarness({ BSC_RPC_URL: chain.url, USDT_CONTRACT: chain.token, PAYOUT_CONFIRMATIONS: "50" });
}, 90_000);
afterAll(async () => {
  await h?.close();
  await chain?.stop();
});

type Withdrawal = { id: number; amountUsdt: string; addressBep20: string; status: string; txHash: string | null; txChecked: boolean; returnReason: string | null };

/** A seeded pending request, approved. */
async function approvedOne(): Promise<Withdrawal> {
  const [w] = await h.api<Withdrawal[]>("admin/withdrawals?status=pending");
  return h.api<Withdrawal>(`admin/withdrawals/${w!.id}/approve`, { method: "PATCH" });
}

test("Mark as Paid: another amount is refused under the hash; the matching transfer leaves it confirming, checked on chain", async () => {
  const w = await approvedOne();
  const page = await h.page();
  await page.goto("/admin/withdrawals?status=approved");
  const card = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${w.id} ` });
  await card.getByRole("button", { name: "Mark as Paid" }).click();
  const dialog = page.getByRole("dialog", { name: "Mark as Paid" });
  const short = await chain.transfer(w.addressBep20, chain.units(w.amountUsdt) - 1n);
  await dialog.getByLabel("Transaction hash").fill(short);
  await dialog.getByRole("button", { name: "Mark as Paid" }).click();
  await dialog.getByText("TX_WRONG_AMOUNT", { exact: false }).or(dialog.getByText(`not the withdrawal's ${w.amountUsdt} USDT`, { exact: false })).first().waitFor();
  await viewportScreenshot(page, "admin-payout-wrong-amount-1280");
  expect(await dialog.getByRole("button", { name: "Mark as Paid" }).isDisabled()).toBe(true);

  const hash = await chain.transfer(w.addressBep20, chain.units(w.amountUsdt));
  await dialog.getByLabel("Transaction hash").fill(hash);
  await dialog.getByRole("button", { name: "Mark as Paid" }).click();
  expect(await toastText(page, `Withdrawal #${w.id} sent`)).toContain("once it has enough confirmations");
  await page.getByRole("tab", { name: /Confirming/ }).click();
  const confirming = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${w.id} ` });
  await confirming.getByTestId("confirming-note").waitFor();
  expect(await confirming.getByTestId("tx-check").textContent()).toMatch(/^Checked on chain: mined in block \d+/);
  await screenshot(page, "admin-payout-confirming-1280");
  expect((await h.api<Withdrawal>(`admin/withdrawals/${w.id}`)).status).toBe("confirming");
});

test("a payout recorded before the check says it was not checked on chain", async () => {
  const [paid] = await h.api<Withdrawal[]>("admin/withdrawals?status=paid");
  expect(paid).toMatchObject({ txChecked: false });
  const page = await h.page();
  await page.goto("/admin/withdrawals?status=paid");
  const card = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${paid!.id} ` });
  expect(await card.getByTestId("tx-check").textContent()).toBe("Not checked on chain: recorded as typed");
  await screenshot(page, "admin-payout-unchecked-1280");
});

test("a payout taken away by a reorganisation comes back to Approved, saying why, and can be rejected", async () => {
  const w = await approvedOne();
  const fork = await chain.snapshot();
  const hash = await chain.transfer(w.addressBep20, chain.units(w.amountUsdt));
  await h.api(`admin/withdrawals/${w.id}/paid`, { method: "PATCH", body: JSON.stringify({ txHash: hash }) });
  await chain.revert(fork);
  // The server's own check, every 5 s.
  await until("the payout to come back", async () => (await h.api<Withdrawal>(`admin/withdrawals/${w.id}`)).status === "approved", 15_000);
  const page = await h.page();
  await page.goto("/admin/withdrawals?status=approved");
  const card = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${w.id} ` });
  expect(await card.getByTestId("return-note").textContent()).toContain(`Transaction ${hash} is no longer on chain`);
  await screenshot(page, "admin-payout-returned-1280");
  // The table view says so too, on the request's row.
  await page.goto("/admin/withdrawals?status=approved&view=table");
  const row = page.getByTestId("withdrawal-row").filter({ has: page.getByRole("cell", { name: String(w.id), exact: true }) });
  expect(await row.getByTestId("row-return-note").textContent()).toContain(`Came back from the chain: Transaction ${hash} is no longer on chain`);
  await page.goto("/admin/withdrawals?status=approved");
  await card.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject Withdrawal" });
  await dialog.getByLabel("Reason").fill("Lost in a reorganisation; the user asked for the balance back");
  await dialog.getByRole("button", { name: "Reject" }).click();
  expect(await toastText(page, `Withdrawal #${w.id} rejected`)).toContain("went back to");
  expect((await h.api<Withdrawal>(`admin/withdrawals/${w.id}`)).status).toBe("rejected");
}, 30_000);
