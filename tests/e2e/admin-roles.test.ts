// Roles in the browser: a viewer sees the lists and figures but no button that changes anything
// (no approve, pay or reject, no task editing, no broadcast form, no ban or adjustment, no
// release of holds) and no Admins page; the owner's Admins & tokens page changes a role and makes
// a token shown once, then revokes it.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { runRefbot } from "@/tests/cli/support.ts";
import { DESKTOP, useAdminHarness, viewportScreenshot } from "./admin-helpers.ts";

const h = useAdminHarness();
const password = "a long enough password";

/** A new admin of `role` on the server, and a signed-in page of theirs. */
async function pageAs(role: "viewer" | "admin", email: string): Promise<Page> {
  const added = await runRefbot(["admin", "add", "--email", email, "--password-stdin", "--role", role], { stdin: `${password}\n`, env: { DATABASE_PATH: h.server.databasePath } });
  if (added.code !== 0) throw new Error(added.stderr);
  const login = await fetch(`${h.server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  const { token } = (await login.json()) as { token: string };
  const context = await h.browser.newContext({ viewport: DESKTOP, baseURL: h.server.url });
  await context.addInitScript((value) => localStorage.setItem("admin_token", value), token);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

test("a viewer sees every list and no action", async () => {
  const page = await pageAs("viewer", "viewer@refbot.test");
  await page.goto("/admin/withdrawals");
  await page.getByTestId("withdrawal-card").first().waitFor();
  expect(await page.getByTestId("withdrawal-card").count()).toBeGreaterThan(0);
  for (const name of ["Approve", "Reject", "Mark as Paid"]) expect(await page.getByRole("button", { name }).count()).toBe(0);
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await nav.getByRole("link", { name: "Withdrawals" }).waitFor();
  expect(await nav.getByRole("link", { name: "Admins" }).count()).toBe(0);
  expect(await page.getByTestId("signed-in-role").textContent()).toBe("Viewer · read only");
  await screenshot(page, "admin-viewer-withdrawals-1280");

  await page.goto("/admin/dashboard");
  await page.getByTestId("pending-withdrawal").first().waitFor();
  expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);

  await page.goto("/admin/tasks");
  await page.getByRole("heading", { name: "Tasks", exact: true }).waitFor();
  await page.getByText("Completions").first().waitFor();
  expect(await page.getByRole("button", { name: /^Edit / }).count()).toBe(0);
  expect(await page.getByRole("button", { name: /Create Task|New Task|Add Task/i }).count()).toBe(0);

  await page.goto("/admin/broadcast");
  await page.getByRole("heading", { name: "Recent Broadcasts" }).waitFor();
  expect(await page.getByRole("textbox").count()).toBe(0);

  await page.goto("/admin/risk");
  await page.getByRole("heading", { name: "Risk", exact: true }).waitFor();
  expect(await page.getByRole("button", { name: "Release due holds" }).count()).toBe(0);

  // Settings are read, not changed: no Save, no Reset, fields read-only.
  await page.goto("/admin/settings");
  const referrals = page.getByTestId("settings-referrals");
  await referrals.waitFor();
  expect(await page.getByRole("button", { name: /^Save / }).count()).toBe(0);
  expect(await referrals.getByRole("textbox").first().getAttribute("readonly")).not.toBeNull();

  // Reached by its address, the owner's page says whose it is instead of failing.
  await page.goto("/admin/access");
  await page.getByText("Only an owner manages the admins and the API tokens.").waitFor();
}, 60_000);

test("an admin acts on withdrawals but has no Admins page", async () => {
  const page = await pageAs("admin", "ops@refbot.test");
  await page.goto("/admin/withdrawals");
  await page.getByRole("button", { name: "Approve" }).first().waitFor();
  expect(await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Admins" }).count()).toBe(0);
}, 60_000);

test("the owner changes a role, and makes a token shown once, then revokes it", async () => {
  const page = await h.page();
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Admins" }).click();
  await page.getByRole("heading", { name: "Admins & tokens" }).waitFor();
  await page.getByTestId("admin-row").filter({ hasText: "viewer@refbot.test" }).waitFor();

  await page.getByLabel("Role of viewer@refbot.test").selectOption("admin");
  expect(await toastText(page, "Role changed")).toContain("viewer@refbot.test is now admin");
  const role = h.db().query("SELECT role FROM admins WHERE email = ?").get("viewer@refbot.test") as { role: string };
  expect(role.role).toBe("admin");
  // The last owner stays: demoting them is refused in the server's words.
  await page.getByLabel(`Role of ${h.server.adminEmail}`).selectOption("viewer");
  expect(await toastText(page, "Role not changed")).toContain("last owner");

  await page.getByRole("button", { name: "New token" }).click();
  const dialog = page.getByRole("dialog", { name: "New API token" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("cron");
  await dialog.getByRole("checkbox", { name: /^broadcast:flush/ }).check();
  await viewportScreenshot(page, "admin-access-new-token-1280");
  await dialog.getByRole("button", { name: "Create Token" }).click();
  const shown = await page.getByTestId("new-token").textContent();
  expect(shown).toMatch(/^rbt_[A-Za-z0-9_-]{43}$/);
  await viewportScreenshot(page, "admin-access-token-shown-1280");
  await page.getByRole("button", { name: "Done" }).click();
  const row = page.getByTestId("token-row").filter({ hasText: "cron" });
  await row.waitFor();
  expect(await row.textContent()).toContain("broadcast:flush");
  expect(await page.content()).not.toContain(shown!);
  await screenshot(page, "admin-access-owner-1280");

  // The token works until revoked.
  const flush = () => fetch(`${h.server.url}/api/admin/me`, { headers: { authorization: `Bearer ${shown}` } }).then((r) => r.status);
  expect(await flush()).toBe(200);
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke Token" }).click();
  expect(await toastText(page, "Token cron revoked")).toContain("refused");
  expect(await flush()).toBe(401);
}, 60_000);
