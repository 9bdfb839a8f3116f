// Search users, open the user dialog's four tabs (ledger newest first, activity without repeated
// titles), adjust a balance only through a confirmation (a large one written out), ban/unban, and
// a failed load shown as such with Retry.
import { expect, test } from "bun:test";
import type { Locator } from "playwright-core";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { PHONE, useAdminHarness, viewportScreenshot } from "./admin-helpers.ts";

const h = useAdminHarness();

type User = { id: number; tgId: number; username: string | null; walletBep20: string | null; refCode: string; balanceUsdt: string };
const find = async (search: string) => (await h.api<User[]>(`admin/users?search=${encodeURIComponent(search)}`))[0]!;

test("search by username, Telegram ID and wallet; no match says so", async () => {
  const bob = await find("bob_2");
  const page = await h.page();
  await page.goto("/admin/users");
  await page.getByTestId("user-card").first().waitFor();
  const search = page.getByLabel("Search users");

  await search.fill("bob_2");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText("Results for “bob_2”").waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-card"]').length === 1);
  await page.getByRole("button", { name: "Open @bob_2" }).waitFor();

  await search.fill(String(bob.tgId));
  await search.press("Enter");
  await page.getByText(`Results for “${bob.tgId}”`).waitFor();
  await page.getByRole("button", { name: "Open @bob_2" }).waitFor();
  await page.getByTestId("user-card").getByText("Wallet set").waitFor();

  await search.fill(bob.walletBep20!);
  await search.press("Enter");
  await page.getByText(`Results for “${bob.walletBep20}”`).waitFor();
  await page.getByRole("button", { name: "Open @bob_2" }).waitFor();
  await screenshot(page, "admin-users-search-1280");

  await search.fill("nobody-has-this-name");
  await search.press("Enter");
  await page.getByText("No users found matching your search").waitFor();
});

test("the user dialog shows Profile, Balance, Referrals and Activity", async () => {
  const alice = await find("alice_1");
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill("alice_1");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText("Results for “alice_1”").waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-card"]').length === 1);
  await page.getByRole("button", { name: "Open @alice_1" }).click();
  const dialog = page.getByRole("dialog", { name: "@alice_1" });

  expect(await dialog.getByRole("tab", { name: "Profile" }).getAttribute("aria-selected")).toBe("true");
  await dialog.getByText(alice.refCode).waitFor();
  await dialog.getByText(String(alice.tgId)).first().waitFor();

  await dialog.getByRole("tab", { name: "Balance" }).click();
  await expectCount(dialog.getByTestId("ledger-entry"), 5);
  await dialog.getByText("Daily Task Reward").first().waitFor();

  // Arrow keys move between tabs, as in the tabs pattern.
  await dialog.getByRole("tab", { name: "Balance" }).press("ArrowRight");
  expect(await dialog.getByRole("tab", { name: "Referrals" }).getAttribute("aria-selected")).toBe("true");
  await dialog.getByText(`?start=${alice.refCode}`, { exact: false }).waitFor();
  await expectCount(dialog.getByTestId("referral-row"), 3);
  await dialog.getByText("Qualified", { exact: true }).first().waitFor();
  await viewportScreenshot(page, "admin-user-dialog-referrals-390");

  await dialog.getByRole("tab", { name: "Activity" }).click();
  await dialog.getByText("Current streak").waitFor();
  // Movements of one kind in a row are one line with their count: no title twice in a row.
  await dialog.getByTestId("activity-row").first().waitFor();
  const titles = await dialog.getByTestId("activity-row").evaluateAll((rows) => rows.map((row) => row.querySelector("p span")!.textContent));
  expect(titles.length).toBeGreaterThan(1);
  expect(titles.length).toBeLessThanOrEqual(5);
  titles.slice(1).forEach((title, i) => expect(title).not.toBe(titles[i]!));
  await viewportScreenshot(page, "admin-user-dialog-activity-390");
});

test("the Balance tab lists the latest movements by time, newest first", async () => {
  // bob earns referral bonuses between rewards of his own: the list is his ledger in the order
  // money moved, which is time order (the demo seed, like a live server, writes in time order).
  const bob = await find("bob_2");
  const page = await h.page();
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill("bob_2");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-card"]').length === 1);
  await page.getByRole("button", { name: "Open @bob_2" }).click();
  const dialog = page.getByRole("dialog", { name: "@bob_2" });
  await dialog.getByRole("tab", { name: "Balance" }).click();
  await expectCount(dialog.getByTestId("ledger-entry"), 5);
  const shown = await dialog.getByTestId("ledger-entry").evaluateAll((rows) => rows.map((row) => new Date(row.querySelector("time")!.dateTime).getTime()));
  const byId = h.db().query("SELECT created_at AS at FROM ledger WHERE user_id = ? ORDER BY id DESC LIMIT 5").all(bob.id) as { at: number }[];
  const byTime = h.db().query("SELECT created_at AS at FROM ledger WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 5").all(bob.id) as { at: number }[];
  expect(byId.map((r) => r.at)).toEqual(byTime.map((r) => r.at));
  expect(shown).toEqual(byTime.map((r) => r.at));
  expect(new Set(h.db().query("SELECT reason FROM ledger WHERE user_id = ?").all(bob.id).map((r) => (r as { reason: string }).reason))).toContain("referral_bonus");
});

test("credit and debit a balance with a reason; a debit past zero is refused", async () => {
  const carol = await find("carol_3");
  const page = await h.page();
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill("carol_3");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText("Results for “carol_3”").waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-card"]').length === 1);
  await page.getByRole("button", { name: "Open @carol_3" }).click();
  const dialog = page.getByRole("dialog", { name: "@carol_3" });
  await dialog.getByRole("tab", { name: "Balance" }).click();

  await dialog.getByRole("button", { name: "Credit balance" }).click();
  await dialog.getByText("A reason is required").waitFor();
  // One adjustment moves at most the server's limit (rules.ts); the form says so before sending.
  await dialog.getByLabel("Amount (USDT)").fill("100000.01");
  await dialog.getByText("Amount must be at most 100000 USDT").waitFor();
  await dialog.getByLabel("Amount (USDT)").fill("1.5");
  await dialog.getByLabel("Reason").fill("Contest prize");
  await dialog.getByRole("button", { name: "Credit balance" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm credit" });
  await confirm.getByText("+1.5 USDT").waitFor();
  expect(await confirm.getByTestId("large-amount").count()).toBe(0);
  await confirm.getByRole("button", { name: "Credit balance" }).click();
  expect(await toastText(page, "Credited 1.5 USDT to @carol_3")).toContain("New balance");
  await confirm.waitFor({ state: "detached" });
  await dialog.getByText("Contest prize").waitFor();
  const after = await find("carol_3");
  expect(after.balanceUsdt).toBe(addCents(carol.balanceUsdt, 150));

  await dialog.getByLabel("Direction").selectOption("debit");
  await dialog.getByLabel("Amount (USDT)").fill("100000");
  await dialog.getByLabel("Reason").fill("Too much");
  await dialog.getByRole("button", { name: "Debit balance" }).click();
  await page.getByRole("dialog", { name: "Confirm debit" }).getByRole("button", { name: "Debit balance" }).click();
  expect(await toastText(page, "Balance adjustment failed")).toContain("Balance adjustment failed");
  expect((await find("carol_3")).balanceUsdt).toBe(after.balanceUsdt);
  await viewportScreenshot(page, "admin-user-dialog-adjust-1280");
});

test("an adjustment is confirmed first: Cancel sends nothing, a large one is written out in words", async () => {
  const dave = await find("dave_4");
  const entries = () => (h.db().query("SELECT COUNT(*) AS n FROM ledger WHERE user_id = ?").get(dave.id) as { n: number }).n;
  const before = entries();
  const page = await h.page();
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill("dave_4");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-card"]').length === 1);
  await page.getByRole("button", { name: "Open @dave_4" }).click();
  const dialog = page.getByRole("dialog", { name: "@dave_4" });
  await dialog.getByRole("tab", { name: "Balance" }).click();
  await dialog.getByLabel("Amount (USDT)").fill("1250.5");
  await dialog.getByLabel("Reason").fill("Partner payout");
  await dialog.getByRole("button", { name: "Credit balance" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirm credit" });
  await confirm.getByText("Partner payout").waitFor();
  expect(await confirm.getByTestId("amount-words").innerText()).toBe("one thousand two hundred fifty USDT and 50 cents");
  await viewportScreenshot(page, "admin-adjust-large-confirm-1280");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  // Escape closes it the same way.
  await dialog.getByRole("button", { name: "Credit balance" }).click();
  await confirm.waitFor();
  await page.keyboard.press("Escape");
  await confirm.waitFor({ state: "detached" });
  await dialog.waitFor();
  expect(posts.filter((url) => url.includes("/adjust"))).toEqual([]);
  expect(entries()).toBe(before);
});

test("a list that fails to load says why and offers Retry, which loads it", async () => {
  const page = await h.page();
  let fail = true;
  await page.route("**/api/admin/users?*", (route) =>
    fail ? route.fulfill({ status: 500, json: { message: "Database is unavailable", code: "INTERNAL" } }) : route.continue(),
  );
  await page.goto("/admin/users");
  const error = page.getByTestId("error-state");
  await error.getByText("Database is unavailable").waitFor();
  expect(await page.getByText("No users found").count()).toBe(0);
  await screenshot(page, "admin-users-error-1280");
  fail = false;
  await error.getByRole("button", { name: "Retry" }).click();
  await page.getByTestId("user-card").first().waitFor();
  expect(await error.count()).toBe(0);
});

test("ban and unban from the profile tab", async () => {
  const page = await h.page();
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill("dave_4");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText("Results for “dave_4”").waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-card"]').length === 1);
  await page.getByRole("button", { name: "Open @dave_4" }).click();
  const dialog = page.getByRole("dialog", { name: "@dave_4" });
  await dialog.getByRole("button", { name: "Ban user" }).click();
  await dialog.getByLabel("Ban reason (optional)").fill("Multiple accounts");
  await dialog.getByRole("button", { name: "Confirm ban" }).click();
  expect(await toastText(page, "User banned")).toContain("User banned");
  await dialog.getByText(": Multiple accounts").waitFor();
  expect(await h.api<{ isBanned: boolean }>(`admin/users/${(await find("dave_4")).id}`)).toMatchObject({ isBanned: true });
  await page.getByTestId("user-card").getByText("Banned").waitFor();
  await dialog.getByRole("button", { name: "Unban user" }).click();
  expect(await toastText(page, "User unbanned")).toContain("User unbanned");
  await dialog.getByRole("button", { name: "Ban user" }).waitFor();
  expect(await h.api<{ isBanned: boolean }>(`admin/users/${(await find("dave_4")).id}`)).toMatchObject({ isBanned: false });
});

/** Waits for the list to fill (it loads after the tab opens), then checks it has exactly `n` rows. */
async function expectCount(rows: Locator, n: number) {
  await rows.nth(n - 1).waitFor();
  expect(await rows.count()).toBe(n);
}

/** "2.50" + 150 cents -> "4.00", in integers (the API's amounts have two decimals). */
function addCents(amount: string, cents: number): string {
  const [whole, fraction = ""] = amount.split(".");
  const total = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2)) + BigInt(cents);
  return `${total / 100n}.${(total % 100n).toString().padStart(2, "0")}`;
}
