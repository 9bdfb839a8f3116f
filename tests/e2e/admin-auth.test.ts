// Admin sign-in, sign-out and route guards in a real browser against the real server.
import { expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { PHONE, useAdminHarness } from "./admin-helpers.ts";

const h = useAdminHarness();

test("admin pages without a token go to the login page", async () => {
  const page = await h.page({ signedIn: false });
  for (const path of ["/admin/dashboard", "/admin/tasks", "/admin/withdrawals", "/admin/users", "/admin/broadcast"]) {
    await page.goto(path);
    await page.waitForURL("**/admin/login");
  }
  for (const path of ["/", "/admin"]) {
    await page.goto(path);
    await page.getByRole("heading", { name: "RefBot Admin" }).waitFor();
  }
  expect(await page.getByText("Sign in to manage your Telegram bot").isVisible()).toBe(true);
  await screenshot(page, "admin-login-1280");
});

test("wrong password shows Login failed and keeps the admin on the login page", async () => {
  const page = await h.page({ signedIn: false, viewport: PHONE });
  await page.goto("/admin/login");
  await screenshot(page, "admin-login-390");
  await page.getByLabel("Email").fill(h.server.adminEmail);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  expect(await toastText(page, "Login failed")).toContain("Login failed");
  expect(page.url()).toEndWith("/admin/login");
  expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBeNull();
  await screenshot(page, "admin-login-failed-390");
});

test("empty fields are refused by the form before any request", async () => {
  const page = await h.page({ signedIn: false });
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  expect(await page.getByLabel("Email").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  expect(page.url()).toEndWith("/admin/login");
});

test("signing in stores the token and opens the dashboard; signing out clears it and revokes it", async () => {
  const page = await h.page({ signedIn: false });
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(h.server.adminEmail);
  await page.getByLabel("Password").fill(h.server.adminPassword);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/admin/dashboard");
  expect(await toastText(page, "Login successful")).toContain("Login successful");
  const token = await page.evaluate(() => localStorage.getItem("admin_token"));
  expect(token).toBeTruthy();
  await page.getByText("Telegram Referral Bot Management").waitFor();

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/admin/login");
  expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBeNull();
  // POST /api/auth/logout revoked the token on the server too.
  const after = await fetch(`${h.server.url}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(after.status).toBe(401);
});

test("a 401 from the API drops the token and returns to the login page", async () => {
  const page = await h.page({ signedIn: false });
  await page.goto("/admin/login");
  await page.evaluate(() => localStorage.setItem("admin_token", "not-a-valid-token"));
  await page.goto("/admin/users");
  await page.waitForURL("**/admin/login");
  expect(await page.evaluate(() => localStorage.getItem("admin_token"))).toBeNull();
});

test("unknown paths show the 404 page with the developer hint, with status 404", async () => {
  const page = await h.page({ viewport: PHONE });
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
  await screenshot(page, "admin-404-390");
  await page.goto("/admin/nothing-here");
  await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
});
