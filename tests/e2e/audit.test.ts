// The admin panel's Audit page and the lists' CSV exports in the browser: the log filtered by
// admin and by action (kept in the address bar), paged with "Load more"; and Export CSV on the
// withdrawals and users lists, whose downloaded files hold the list under its current filter.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { screenshot } from "@/tests/support/browser.ts";
import { splitAsSpreadsheet } from "@/tests/support/spreadsheet.ts";
import { runRefbot } from "@/tests/cli/support.ts";
import { PHONE, useAdminHarness } from "./admin-helpers.ts";

const h = useAdminHarness();

type Entry = { id: number; adminEmail: string | null; action: string; targetId: number | null };
type Admin = { id: number; email: string };

/** A second admin, signed in: what it does shows under its own e-mail. */
async function secondAdmin(): Promise<{ id: number; call: (method: string, path: string, body?: unknown) => Promise<Response> }> {
  const email = "second@refbot.test";
  const password = "another long password";
  const added = await runRefbot(["admin", "add", "--email", email, "--password-stdin"], { stdin: `${password}\n`, env: { DATABASE_PATH: h.server.databasePath } });
  expect(added.code).toBe(0);
  const login = await fetch(`${h.server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  const { token, admin } = (await login.json()) as { token: string; admin: Admin };
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${h.server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { id: admin.id, call };
}

/** A signed-in page that counts what the pages' Content-Security-Policy blocks (a download included). */
async function watchedPage(options?: Parameters<typeof h.page>[0]): Promise<Page & { blocked: () => Promise<string[]> }> {
  const page = await h.page(options);
  await page.addInitScript(() => {
    const blocked: string[] = ((window as any).__blocked = []);
    document.addEventListener("securitypolicyviolation", (e) => blocked.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return Object.assign(page, { blocked: () => page.evaluate(() => (window as any).__blocked as string[]) });
}

/** The downloaded file of a click on the list's Export CSV: its name and its text. */
async function download(page: Page): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, "utf8") };
}

/** The same export, asked of the API with the harness' token. */
async function exportedByApi(path: string): Promise<string> {
  const res = await fetch(`${h.server.url}/api/admin/${path}`, { headers: { authorization: `Bearer ${h.token}` } });
  expect(res.status).toBe(200);
  return res.text();
}

test("the audit log filtered by admin and action, newest first, a second page loaded, the filter kept on reload", async () => {
  const second = await secondAdmin();
  const users = await h.api<{ id: number }[]>("admin/users?limit=3");
  // 62 adjustments by the second admin among bans and adjustments by the first.
  for (let i = 0; i < 62; i++) expect((await second.call("POST", `/api/admin/users/${users[i % 3]!.id}/adjust`, { amount: "0.01", reason: `bonus ${i}` })).status).toBe(200);
  await h.api(`admin/users/${users[0]!.id}/ban`, { method: "POST", body: JSON.stringify({ reason: "spam" }) });
  await h.api(`admin/users/${users[0]!.id}/unban`, { method: "POST" });
  expect((await second.call("POST", `/api/admin/users/${users[1]!.id}/ban`, { reason: "bots" })).status).toBe(200);
  await h.api(`admin/users/${users[2]!.id}/adjust`, { method: "POST", body: JSON.stringify({ amount: "1", reason: "first admin" }) });
  const expected = await h.api<Entry[]>(`admin/audit?adminId=${second.id}&action=user.adjust&limit=500`);
  expect(expected).toHaveLength(62);

  const page = await watchedPage();
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Audit" }).click();
  await page.waitForURL("**/admin/audit");
  const entries = page.getByTestId("audit-entry");
  await entries.first().waitFor();
  // Unfiltered, the newest first: the first admin's adjustment.
  expect(await entries.first().getByTestId("audit-admin").innerText()).toBe(h.server.adminEmail);
  expect(await entries.first().innerText()).toContain("Balance adjusted");

  await page.getByRole("combobox", { name: "Admin", exact: true }).selectOption({ label: "second@refbot.test" });
  await page.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "Balance adjusted" });
  await page.waitForURL(`**/admin/audit?admin=${second.id}&action=user.adjust`);
  await page.waitForFunction((first) => document.querySelector("[data-testid=audit-entry] [data-testid=audit-target]")?.textContent === first, `User #${expected[0]!.targetId}`);
  expect(await entries.count()).toBe(50);
  await page.getByRole("button", { name: "Load more" }).click();
  await entries.nth(61).waitFor();
  expect(await entries.count()).toBe(62);
  expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
  expect(await entries.getByTestId("audit-target").allInnerTexts()).toEqual(expected.map((e) => `User #${e.targetId}`));
  expect(new Set(await entries.getByTestId("audit-admin").allInnerTexts())).toEqual(new Set(["second@refbot.test"]));
  expect(await entries.last().innerText()).toContain("reason\nbonus 0");
  await screenshot(page, "admin-audit-filtered-1280");

  await page.reload();
  await entries.first().waitFor();
  expect(await page.getByRole("combobox", { name: "Admin", exact: true }).inputValue()).toBe(String(second.id));
  expect(await page.getByRole("combobox", { name: "Action", exact: true }).inputValue()).toBe("user.adjust");
  expect(await entries.count()).toBe(50);

  // Another action of the same admin: its one ban; then every admin's bans.
  await page.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "User banned" });
  await page.waitForURL(`**/admin/audit?admin=${second.id}&action=user.ban`);
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=audit-entry]").length === 1);
  expect(await entries.first().getByTestId("audit-target").innerText()).toBe(`User #${users[1]!.id}`);
  await page.getByRole("combobox", { name: "Admin", exact: true }).selectOption({ label: "All admins" });
  await page.waitForURL("**/admin/audit?action=user.ban");
  // The demo data has bans of its own.
  const bans = await h.api<Entry[]>("admin/audit?action=user.ban");
  await page.waitForFunction((count) => document.querySelectorAll("[data-testid=audit-entry]").length === count, bans.length);
  expect(await entries.getByTestId("audit-admin").allInnerTexts()).toEqual(bans.map((e) => e.adminEmail!));
  expect(await entries.getByTestId("audit-admin").allInnerTexts()).toContain("second@refbot.test");
  expect(await entries.getByTestId("audit-admin").allInnerTexts()).toContain(h.server.adminEmail);
  // A filter nothing passes says so.
  await page.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "Fraud confirmed" });
  await page.getByText("No entries match these filters").waitFor();
  expect(await page.blocked()).toEqual([]);

  const phone = await h.page({ viewport: PHONE });
  await phone.goto(`/admin/audit?admin=${second.id}&action=user.adjust`);
  await phone.getByTestId("audit-entry").first().waitFor();
  await screenshot(phone, "admin-audit-filtered-390");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}, 120_000);

test("Export CSV on the withdrawals list downloads the tab's requests: the file the API exports, with the CLI's columns", async () => {
  const page = await watchedPage();
  await page.goto("/admin/withdrawals?status=paid");
  await page.getByTestId("withdrawal-card").first().waitFor();
  const file = await download(page);
  expect(file.name).toMatch(/^withdrawals-paid-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(file.text).toBe(await exportedByApi("withdrawals/export.csv?status=paid"));
  const [header, ...rows] = splitAsSpreadsheet(file.text, ",");
  expect(header).toEqual(["id", "username", "tg_id", "amount", "address", "status", "created_at", "tx_hash", "reject_reason", "user_banned"]);
  const paid = await h.api<{ id: number }[]>("admin/withdrawals?status=paid&limit=200");
  expect(rows.map((r) => Number(r[0]))).toEqual(paid.map((w) => w.id));
  expect(new Set(rows.map((r) => r[5]))).toEqual(new Set(["paid"]));

  await page.getByRole("tab", { name: "Pending" }).click();
  await page.waitForURL("**/admin/withdrawals");
  const pending = await download(page);
  expect(pending.name).toMatch(/^withdrawals-pending-/);
  expect(new Set(splitAsSpreadsheet(pending.text, ",").slice(1).map((r) => r[5]))).toEqual(new Set(["pending"]));
  expect(await page.blocked()).toEqual([]);
});

test("Export CSV on the users list downloads every user, or the current search's matches", async () => {
  const page = await watchedPage();
  await page.goto("/admin/users");
  await page.getByTestId("user-card").first().waitFor();
  const all = await download(page);
  expect(all.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(all.text).toBe(await exportedByApi("users/export.csv"));
  const [header, ...rows] = splitAsSpreadsheet(all.text, ",");
  expect(header).toEqual(["id", "tg_id", "username", "name", "balance", "qualified_referrals", "banned", "wallet", "total_earned", "tasks_completed", "created_at"]);
  const everyone = await h.api<{ id: number }[]>("admin/users?limit=200");
  expect(rows.map((r) => Number(r[0]))).toEqual(everyone.map((u) => u.id));

  const someone = (await h.api<{ username: string | null }[]>("admin/users?limit=200")).find((u) => u.username)!;
  await page.getByLabel("Search users").fill(someone.username!);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText(`Results for “${someone.username}”`).waitFor();
  const found = await download(page);
  const matches = await h.api<{ id: number }[]>(`admin/users?search=${encodeURIComponent(someone.username!)}`);
  expect(splitAsSpreadsheet(found.text, ",").slice(1).map((r) => Number(r[0]))).toEqual(matches.map((u) => u.id));
  expect(matches.length).toBeLessThan(everyone.length);
  expect(await page.blocked()).toEqual([]);
});
