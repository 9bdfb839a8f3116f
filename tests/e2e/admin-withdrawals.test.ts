// Approve, reject (reason required) and mark as paid (hash required, 0x + 64 hex) in the browser,
// each checked in the SQLite file afterwards, each toast naming the request and what happened; a
// rejected amount out of the green of money paid; the dashboard card's buttons; and a banned
// user's request, marked and kept from payment.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { PHONE, useAdminHarness, viewportScreenshot } from "./admin-helpers.ts";

const h = useAdminHarness();

type Row = { status: string; tx_hash: string | null; fail_reason: string | null; amount: number; user_id: number };
const row = (id: number) => h.db().query("SELECT status, tx_hash, fail_reason, amount, user_id FROM withdrawals WHERE id = ?").get(id) as Row;
const balance = (userId: number) => (h.db().query("SELECT balance FROM users WHERE id = ?").get(userId) as { balance: number }).balance;

type Withdrawal = { id: number; username: string | null; tgId: number };
/** The hue of an oklch() colour as getComputedStyle answers it (green sits near 150). */
const hue = (color: string) => Number(/oklch\([\d.]+%? [\d.]+ ([\d.]+)/.exec(color)?.[1] ?? Number.NaN);

const pendingIds = async () => (await h.api<Withdrawal[]>("admin/withdrawals?status=pending")).map((w) => w.id);

test("approve a pending withdrawal after confirming", async () => {
  const [id] = await pendingIds();
  const page = await h.page();
  await page.goto("/admin/withdrawals");
  const card = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${id} ` });
  await card.getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve Withdrawal" });
  await dialog.waitFor();
  await viewportScreenshot(page, "admin-withdrawal-approve-dialog-1280");
  await dialog.getByRole("button", { name: "Approve" }).click();
  expect(await toastText(page, `Withdrawal #${id} approved`)).toStartWith(`Withdrawal #${id} approved\n`);
  await card.waitFor({ state: "detached" });
  expect(row(id!).status).toBe("approved");
});

test("reject needs a reason; the amount goes back to the balance", async () => {
  const [, id] = await pendingIds();
  const before = row(id!);
  const balanceBefore = balance(before.user_id);
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/withdrawals");
  await page.getByTestId("withdrawal-card").filter({ hasText: `Request #${id} ` }).getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject Withdrawal" });
  const confirm = dialog.getByRole("button", { name: "Reject" });
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel("Reason").fill("   ");
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel("Reason").fill("Address belongs to an exchange that does not accept BEP-20");
  await viewportScreenshot(page, "admin-withdrawal-reject-dialog-390");
  await confirm.click();
  expect(await toastText(page, `Withdrawal #${id} rejected`)).toContain("went back to");
  await page.getByRole("tab", { name: "Rejected" }).click();
  await page.getByText("Address belongs to an exchange that does not accept BEP-20").waitFor();
  // The amount of a rejected request never left: not the green of money paid out.
  const amount = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${id} ` }).getByTestId("usdt-amount");
  expect(await amount.evaluate((el) => el.className)).toContain("tone-neutral");
  const amountHue = hue(await amount.evaluate((el) => getComputedStyle(el).color));
  expect(Number.isFinite(amountHue)).toBe(true);
  expect(amountHue).not.toBeWithin(120, 200);
  const after = row(id!);
  expect(after.status).toBe("rejected");
  expect(after.fail_reason).toBe("Address belongs to an exchange that does not accept BEP-20");
  expect(balance(before.user_id)).toBe(balanceBefore + before.amount);
});

test("on a phone every status tab, count included, is on screen without scrolling sideways", async () => {
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/withdrawals");
  await page.getByTestId("tab-count").first().waitFor();
  const tabs = page.getByRole("tablist", { name: "Withdrawal status" }).getByRole("tab");
  expect(await tabs.allInnerTexts()).toEqual([
    expect.stringContaining("Review"),
    expect.stringContaining("Pending"),
    expect.stringContaining("Approved"),
    expect.stringContaining("Confirming"),
    expect.stringContaining("Paid"),
    expect.stringContaining("Rejected"),
  ]);
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await viewportScreenshot(page, "admin-withdrawals-tabs-390");
});

/** The Mark as Paid dialog of the first approved request, opened from the Approved tab. */
async function openMarkAsPaid() {
  const [approved] = await h.api<Withdrawal[]>("admin/withdrawals?status=approved");
  const id = approved!.id;
  const page = await h.page();
  await page.goto("/admin/withdrawals");
  await page.getByRole("tab", { name: "Approved" }).click();
  await page.getByTestId("withdrawal-card").filter({ hasText: `Request #${id} ` }).getByRole("button", { name: "Mark as Paid" }).click();
  return { id, page, dialog: page.getByRole("dialog", { name: "Mark as Paid" }) };
}

test("mark as paid needs a valid transaction hash", async () => {
  const { id, page, dialog } = await openMarkAsPaid();
  const confirm = dialog.getByRole("button", { name: "Mark as Paid" });
  const input = dialog.getByLabel("Transaction hash");
  expect(await confirm.isDisabled()).toBe(true);
  await input.fill("0x1234");
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByText("A transaction hash is 0x followed by 64 hex characters").waitFor();
  const hash = `0x${"ab12".repeat(16)}`;
  await input.fill(hash);
  await confirm.click();
  expect(await toastText(page, `Withdrawal #${id} marked as paid`)).toContain(`Withdrawal #${id} marked as paid`);
  await page.getByRole("tab", { name: "Paid" }).click();
  const paid = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${id} ` });
  await paid.getByText(`${hash.slice(0, 16)}...`).waitFor();
  expect(await paid.getByRole("link", { name: "View transaction on BscScan" }).getAttribute("href")).toBe(`https://bscscan.com/tx/${hash}`);
  await screenshot(page, "admin-withdrawals-after-paid-1280");
  expect(row(id).status).toBe("paid");
  expect(row(id).tx_hash).toBe(hash);
});

test("a hash that already paid another request is refused, and the dialog says which", async () => {
  const [paid] = await h.api<(Withdrawal & { txHash: string })[]>("admin/withdrawals?status=paid");
  const { id, page, dialog } = await openMarkAsPaid();
  // The same transaction in capitals is still the same transaction.
  await dialog.getByLabel("Transaction hash").fill(`0x${paid!.txHash.slice(2).toUpperCase()}`);
  await dialog.getByRole("button", { name: "Mark as Paid" }).click();
  const message = `This transaction hash already paid withdrawal #${paid!.id}`;
  expect(await toastText(page, "Action failed")).toContain(message);
  await dialog.getByText(message).waitFor();
  expect(await dialog.getByRole("button", { name: "Mark as Paid" }).isDisabled()).toBe(true);
  await viewportScreenshot(page, "admin-withdrawal-hash-used-1280");
  expect(row(id)).toMatchObject({ status: "approved", tx_hash: null });
});

test("copy buttons copy the address and say Copied!", async () => {
  const page = await h.page();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/admin/withdrawals");
  const card = page.getByTestId("withdrawal-card").first();
  await card.getByRole("button", { name: "Copy wallet address" }).click();
  expect(await toastText(page, "Copied!")).toContain("Copied!");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^0x[0-9a-fA-F]{40}$/);
});

test("the dashboard's Approve and Reject use the same confirmation and change the request", async () => {
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/dashboard");
  const first = page.getByTestId("pending-withdrawal").first();
  await first.waitFor();
  const before = await pendingIds();
  await first.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject Withdrawal" });
  expect(await dialog.getByRole("button", { name: "Reject" }).isDisabled()).toBe(true);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await first.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog", { name: "Approve Withdrawal" }).getByRole("button", { name: "Approve" }).click();
  expect(await toastText(page, `Withdrawal #${before[0]} approved`)).toContain(`Withdrawal #${before[0]} approved`);
  expect((await pendingIds()).length).toBe(before.length - 1);
  expect(row(before[0]!).status).toBe("approved");
  await page.getByText(`${before.length - 1} pending`).first().waitFor();
});

test("a list that fails to load says so with Retry, not that there is nothing", async () => {
  const page = await h.page();
  let fail = true;
  await page.route("**/api/admin/withdrawals?*", (route) =>
    fail ? route.fulfill({ status: 500, json: { message: "Database is unavailable", code: "INTERNAL" } }) : route.continue(),
  );
  await page.goto("/admin/withdrawals");
  const error = page.getByTestId("error-state");
  await error.getByText("Database is unavailable").waitFor();
  expect(await page.getByText("No withdrawals found for this status").count()).toBe(0);
  fail = false;
  await error.getByRole("button", { name: "Retry" }).click();
  await page.getByTestId("withdrawal-card").first().waitFor();
});

test("an empty tab says so", async () => {
  // Process every pending request, then the Pending tab is empty.
  for (const id of await pendingIds()) await h.api(`admin/withdrawals/${id}/approve`, { method: "PATCH", body: "{}" });
  const page = await h.page();
  await page.goto("/admin/withdrawals");
  await page.getByText("No withdrawals found for this status").waitFor();
  await page.goto("/admin/dashboard");
  await page.getByText("No pending withdrawals").waitFor();
});

test("a banned user's request carries a Banned badge with Mark as Paid disabled; a ban takes an open request to Rejected", async () => {
  const approved = await h.api<Withdrawal[]>("admin/withdrawals?status=approved");
  const [kept, refunded] = [approved[0]!.id, approved[1]!.id];
  // Banned past the rules, as a ban from before refunds existed left a user: the request stays open.
  const writer = new Database(h.db().filename);
  const setBanned = (id: number, banned: boolean) => writer.run("update users set is_banned = ? where id = ?", [banned ? 1 : 0, row(id).user_id]);
  setBanned(kept, true);
  try {
    const page = await h.page();
    await page.goto("/admin/withdrawals?status=approved");
    const card = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${kept} ` });
    await card.getByText("Banned", { exact: true }).waitFor();
    const pay = card.getByRole("button", { name: "Mark as Paid" });
    expect(await pay.isDisabled()).toBe(true);
    expect(await pay.getAttribute("title")).toBe("The user is banned: the server refuses to approve or pay this request");
    expect(await card.getByTestId("banned-note").innerText()).toBe("The user is banned: approving and paying are refused.");
    const other = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${refunded} ` });
    expect(await other.getByText("Banned", { exact: true }).count()).toBe(0);
    expect(await other.getByRole("button", { name: "Mark as Paid" }).isDisabled()).toBe(false);
    await viewportScreenshot(page, "admin-withdrawal-banned-1280");

    const balanceBefore = balance(row(refunded).user_id);
    await h.api(`admin/users/${row(refunded).user_id}/ban`, { method: "POST", body: JSON.stringify({ reason: "fraud" }) });
    await page.goto("/admin/withdrawals?status=rejected");
    const rejected = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${refunded} ` });
    await rejected.getByText("Banned", { exact: true }).waitFor();
    await rejected.getByText("Account banned").waitFor();
    expect(row(refunded)).toMatchObject({ status: "rejected", fail_reason: "Account banned" });
    expect(balance(row(refunded).user_id)).toBe(balanceBefore + row(refunded).amount);
  } finally {
    setBanned(kept, false);
    writer.close();
  }
});
