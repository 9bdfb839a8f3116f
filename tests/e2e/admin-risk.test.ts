// The risk review in the browser, on data the real server made itself: a referrer whose link
// signs up a farm of young accounts from one client is flagged (RISK_FLAG_SCORE=60), and its
// withdrawal waits in review. The queue, a case's evidence, Clear (the withdrawal joins the
// pending queue, the tab counts follow), Confirm fraud (exactly the ticked accounts are banned,
// the report shows what was reversed and what was not), the withdrawals Review tab with its
// status in the URL, the user dialog's risk row, and a failed load with Retry.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { demoInitDataToken } from "@/api/app.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { PHONE, useAdminHarness, viewportScreenshot } from "./admin-helpers.ts";

const jwtSecret = "admin-risk-test-secret-0123456789abcdef";
// The server believes the loopback proxy's X-Forwarded-For, so each launch can come from the
// public address a phone would have (loopback itself is no client: everyone behind an untrusted
// proxy shares it).
const h = useAdminHarness({ RISK_FLAG_SCORE: "60", JWT_SECRET: jwtSecret, TRUST_PROXY: "127.0.0.1,::1" });
const phoneAddress = "203.0.113.9";
// Demo mode signs init data with a key made from the JWT secret, so the test can sign as Telegram would.
const key = initDataKey(demoInitDataToken(jwtSecret));

type Profile = { tgId: number; firstName: string; username?: string; isPremium?: boolean };
type Me = { id: number; refCode: string };

/** Opens the mini app as `profile` from the client `userAgent` at the phone's address. */
async function launch(profile: Profile, userAgent: string, startParam?: string): Promise<Me> {
  const user = { id: profile.tgId, first_name: profile.firstName, username: profile.username, is_premium: profile.isPremium };
  const initData = signInitData({ user, startParam, authDate: Math.floor(Date.now() / 1000) }, key);
  const response = await fetch(`${h.server.url}/api/me`, {
    headers: { "x-telegram-init-data": initData, "user-agent": userAgent, "x-forwarded-for": phoneAddress },
  });
  if (!response.ok) throw new Error(`launch ${profile.tgId}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Me;
}

async function asUser<T>(profile: Profile, userAgent: string, method: string, path: string, body: unknown): Promise<T> {
  const initData = signInitData({ user: { id: profile.tgId, first_name: profile.firstName, username: profile.username }, authDate: Math.floor(Date.now() / 1000) }, key);
  const response = await fetch(`${h.server.url}/api/${path}`, {
    method,
    headers: { "x-telegram-init-data": initData, "content-type": "application/json", "user-agent": userAgent, "x-forwarded-for": phoneAddress },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let farms = 0;
type Farm = { boss: Me & Profile & { username: string }; accounts: (Me & Profile)[]; withdrawalId?: number };

/**
 * A referrer and 12 accounts signed up through its link from one phone of its own, the referrer
 * opening the app from that phone too. Every farm account is young (its Telegram id far above
 * the referrer's) and most have no username; all but the first two have Premium, so only those
 * two cross the threshold themselves. With `withdrawal`, the referrer (credited 30 USDT) asks for
 * 15, which waits in review.
 */
async function makeFarm({ withdrawal = false } = {}): Promise<Farm> {
  const n = ++farms;
  const phone = `FarmPhone/${n}.0`;
  const own = `BossPhone/${n}.0`;
  const bossProfile = { tgId: 5_000_000 + n, firstName: `Boss ${n}`, username: `farm_boss_${n}` };
  const boss = { ...bossProfile, ...(await launch(bossProfile, own)) };
  const accounts = [];
  for (let i = 0; i < 12; i++) {
    const profile = { tgId: 8_000_000_000 + n * 100 + i, firstName: `Farm${n}-${i}`, username: i % 4 === 3 ? `farm${n}_${i}` : undefined, isPremium: i >= 2 };
    accounts.push({ ...profile, ...(await launch(profile, phone, boss.refCode)) });
  }
  await launch(bossProfile, phone);
  const farm: Farm = { boss, accounts };
  if (withdrawal) {
    await asUser(bossProfile, own, "POST", "me/wallet", { address: `0x${(0xfa000 + n).toString(16).padStart(40, "0")}` });
    await h.api(`admin/users/${boss.id}/adjust`, { method: "POST", body: JSON.stringify({ amount: "30", reason: "risk test credit" }) });
    const asked = await asUser<{ id: number; status: string }>(bossProfile, own, "POST", "me/withdraw", { amount: "15" });
    expect(asked.status).toBe("review");
    farm.withdrawalId = asked.id;
  }
  return farm;
}

type Counts = Record<"review" | "pending" | "approved" | "paid" | "rejected", number>;
const counts = () => h.api<Counts>("admin/withdrawals/counts");
const userRow = (id: number) => h.db().query("SELECT is_banned, risk_status, risk_score, balance FROM users WHERE id = ?").get(id) as { is_banned: number; risk_status: string | null; risk_score: number; balance: number };
const withdrawalStatus = (id: number) => (h.db().query("SELECT status FROM withdrawals WHERE id = ?").get(id) as { status: string }).status;

/** The number in a withdrawals tab's count badge. */
const tabCount = async (page: Page, name: string) => Number(await page.getByRole("tab", { name }).getByTestId("tab-count").innerText());

test("the flagged list shows the user with score, money, referrals and signals", async () => {
  const { boss } = await makeFarm({ withdrawal: true });
  const listed = await h.api<{ userId: number; score: number }[]>("admin/risk");
  const score = listed.find((u) => u.userId === boss.id)!.score;
  expect(score).toBeGreaterThanOrEqual(60);

  const page = await h.page();
  await page.goto("/admin/risk");
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  expect(await nav.getByRole("link", { name: "Risk" }).getAttribute("aria-current")).toBe("page");
  const row = page.getByTestId("flagged-user").filter({ hasText: `@${boss.username}` });
  await row.waitFor();
  expect(await row.innerText()).toContain(`Telegram ID ${boss.tgId}`);
  await row.getByText(`Score ${score}`).waitFor();
  await row.getByText("Flagged", { exact: true }).waitFor();
  // 30 credited, 15 asked for: 15 left, nothing held; 12 invited, none qualified.
  expect(await row.getByTestId("usdt-amount").first().innerText()).toContain("15");
  await row.getByText("0 / 12").waitFor();
  for (const [label, weight] of [
    ["Referral burst", 30],
    ["Young referrals", 40],
    ["Referrals share a client", 40],
  ] as const) {
    expect(await row.getByTestId("signal-chip").filter({ hasText: label }).innerText()).toContain(`+${weight}`);
  }
  await screenshot(page, "admin-risk-list-1280");

  // The other tabs, chosen in the URL.
  await page.getByRole("tab", { name: "Confirmed" }).click();
  await page.waitForURL("**/admin/risk?status=confirmed");
  await page.reload();
  expect(await page.getByRole("tab", { name: "Confirmed" }).getAttribute("aria-selected")).toBe("true");

  const phone = await h.page({ viewport: PHONE });
  await phone.goto("/admin/risk");
  await phone.getByTestId("flagged-user").filter({ hasText: `@${boss.username}` }).waitFor();
  await screenshot(phone, "admin-risk-list-390");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("a case shows each signal's evidence, the referral tree and the clients shared with other accounts", async () => {
  const { boss, accounts } = await makeFarm({ withdrawal: true });
  const page = await h.page();
  await page.goto("/admin/risk");
  await page.getByTestId("flagged-user").filter({ hasText: `@${boss.username}` }).getByRole("link", { name: boss.firstName }).click();
  await page.waitForURL(`**/admin/risk/${boss.id}`);
  await page.getByRole("heading", { name: boss.firstName }).waitFor();

  // Evidence as label and value, not JSON.
  const burst = page.getByTestId("signal").filter({ hasText: "Referral burst" });
  await burst.getByText("Sign-ups", { exact: true }).waitFor();
  await burst.getByText("Window (minutes)", { exact: true }).waitFor();
  expect(await burst.innerText()).toContain("60");
  const sharing = page.getByTestId("signal").filter({ hasText: "Referrals share a client" });
  await sharing.getByText("User agent").waitFor();
  await sharing.getByText(`FarmPhone/${farms}.0`).waitFor();
  expect(await page.getByText("{").count()).toBe(0);

  // The tree: every account it referred, with its profile and risk.
  const tree = page.getByTestId("referred-account");
  expect(await tree.count()).toBe(12);
  const bare = tree.filter({ hasText: accounts[0]!.firstName });
  expect(await bare.innerText()).toContain(String(accounts[0]!.tgId));
  await bare.getByText("No Premium").waitFor();
  await bare.getByText("Flagged").waitFor();
  await tree.filter({ hasText: accounts[5]!.firstName }).getByText("Premium", { exact: true }).waitFor();

  // The farm's phone, shared with the 12 accounts; its own phone, with nobody.
  const clients = page.getByTestId("client");
  const shared = clients.filter({ hasText: `FarmPhone/${farms}.0` });
  await shared.getByText("Also seen here: 12 other accounts").waitFor();
  await clients.filter({ hasText: `BossPhone/${farms}.0` }).getByText("No other account seen here").waitFor();
  await page.getByText("Request #").first().waitFor();
  await screenshot(page, "admin-risk-case-1280");

  // A shared account's link opens its own case, which names its referrer.
  await shared.getByRole("link", { name: `#${accounts[1]!.id}`, exact: true }).click();
  await page.waitForURL(`**/admin/risk/${accounts[1]!.id}`);
  await page.getByRole("heading", { name: accounts[1]!.firstName }).waitFor();
  await page.getByTestId("case-summary").getByRole("link", { name: boss.firstName }).waitFor();
  await page.getByTestId("signal").filter({ hasText: "Young account" }).getByText("Telegram ID gap").waitFor();

  const phone = await h.page({ viewport: PHONE });
  await phone.goto(`/admin/risk/${boss.id}`);
  await phone.getByTestId("referred-account").first().waitFor();
  await screenshot(phone, "admin-risk-case-390");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("Clear sends the review withdrawal to the pending queue, and the tab counts follow", async () => {
  const { boss, withdrawalId } = await makeFarm({ withdrawal: true });
  const before = await counts();
  const page = await h.page();
  await page.goto("/admin/withdrawals?status=review");
  await page.getByTestId("withdrawal-card").filter({ hasText: `Request #${withdrawalId} ` }).waitFor();
  expect(await tabCount(page, "Review")).toBe(before.review);
  expect(await tabCount(page, "Pending")).toBe(before.pending);

  await page.goto(`/admin/risk/${boss.id}`);
  await page.getByRole("button", { name: "Clear" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear this user" });
  await dialog.getByText(`Withdrawal #${withdrawalId} of 15 USDT moves from review to the pending queue.`).waitFor();
  await viewportScreenshot(page, "admin-risk-clear-dialog-1280");
  await dialog.getByRole("button", { name: "Clear" }).click();
  expect(await toastText(page, `${boss.firstName} cleared`)).toContain(`Withdrawal #${withdrawalId} moved to the pending queue.`);
  await dialog.waitFor({ state: "detached" });
  await page.getByTestId("case-summary").getByText("Cleared").waitFor();
  // Nothing left to clear.
  expect(await page.getByRole("button", { name: "Clear" }).count()).toBe(0);
  expect(withdrawalStatus(withdrawalId!)).toBe("pending");
  expect(userRow(boss.id).risk_status).toBe("cleared");

  await page.goto("/admin/withdrawals?status=review");
  await page.getByRole("tab", { name: "Review" }).getByTestId("tab-count").getByText(String(before.review - 1), { exact: true }).waitFor();
  expect(await tabCount(page, "Pending")).toBe(before.pending + 1);
  expect(await page.getByTestId("withdrawal-card").filter({ hasText: `Request #${withdrawalId} ` }).count()).toBe(0);
  await page.getByRole("tab", { name: "Pending" }).click();
  await page.getByTestId("withdrawal-card").filter({ hasText: `Request #${withdrawalId} ` }).waitFor();
});

test("a decision someone else already took is refused with the server's message", async () => {
  const { boss } = await makeFarm();
  const page = await h.page();
  await page.goto(`/admin/risk/${boss.id}`);
  await page.getByRole("button", { name: "Clear" }).click();
  // Another admin clears the user first.
  await h.api(`admin/risk/${boss.id}/clear`, { method: "POST", body: "{}" });
  const dialog = page.getByRole("dialog", { name: "Clear this user" });
  await dialog.getByRole("button", { name: "Clear" }).click();
  const message = `User ${boss.id} is cleared, not flagged`;
  await dialog.getByRole("alert").getByText(message).waitFor();
  expect(await toastText(page, "Clear failed")).toContain(message);
  await viewportScreenshot(page, "admin-risk-clear-refused-1280");
  // The case was loaded again: it shows the decision that won.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByTestId("case-summary").getByText("Cleared").waitFor();
});

test("Confirm fraud with two ticked accounts bans exactly those and reports what it did", async () => {
  const { boss, accounts, withdrawalId } = await makeFarm({ withdrawal: true });
  const [a, b] = [accounts[2]!, accounts[7]!];
  const page = await h.page();
  await page.goto(`/admin/risk/${boss.id}`);
  await page.getByRole("checkbox", { name: `Select ${a.firstName} (#${a.id})` }).check();
  await page.getByRole("checkbox", { name: `Select ${b.firstName} (#${b.id})` }).check();
  await page.getByText("2 selected").waitFor();
  // "Select all" shows the partial choice, and ticks and unticks everything.
  const all = page.getByRole("checkbox", { name: "Select all" });
  expect(await all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
  await all.check();
  await page.getByText("12 selected").waitFor();
  await all.uncheck();
  await page.getByText("0 selected").waitFor();
  await page.getByRole("checkbox", { name: `Select ${a.firstName} (#${a.id})` }).check();
  await page.getByRole("checkbox", { name: `Select ${b.firstName} (#${b.id})` }).check();

  await page.getByRole("button", { name: "Confirm fraud" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm fraud" });
  expect(await dialog.getByTestId("ban-count").innerText()).toStartWith("3 accounts will be banned");
  await viewportScreenshot(page, "admin-risk-confirm-dialog-1280");
  await dialog.getByRole("button", { name: "Ban 3 accounts" }).click();
  expect(await toastText(page, "Fraud confirmed")).toContain("3 accounts banned");

  const report = page.getByTestId("fraud-report");
  await report.waitFor();
  await report.getByText("3 accounts").waitFor();
  // The referrer's 15 USDT request went back to its balance.
  expect(await report.innerText()).toContain("15 USDT");
  await report.getByText("1 request").waitFor();
  await report.getByText("Every bonus these accounts produced was taken back.").waitFor();
  await screenshot(page, "admin-risk-confirmed-1280");

  const farmIds = [boss.id, ...accounts.map((x) => x.id)];
  const banned = farmIds.filter((id) => userRow(id).is_banned === 1);
  expect(banned.sort((x, y) => x - y)).toEqual([boss.id, a.id, b.id].sort((x, y) => x - y));
  expect(userRow(a.id).risk_status).toBe("confirmed");
  expect(userRow(accounts[3]!.id).is_banned).toBe(0);
  expect(withdrawalStatus(withdrawalId!)).toBe("rejected");
  await page.getByTestId("case-summary").getByText("Fraud confirmed").waitFor();
  expect(await page.getByRole("button", { name: "Confirm fraud" }).count()).toBe(0);

  // The confirmed tab lists the user.
  await page.goto("/admin/risk?status=confirmed");
  await page.getByTestId("flagged-user").filter({ hasText: `@${boss.username}` }).waitFor();
});

test("a tree longer than the case lists: Select all bans every account, the unlisted ones included", async () => {
  const { boss, accounts } = await makeFarm();
  const page = await h.page();
  // The server lists the first 1,000 referred accounts of a case; here it lists the first 5 of 12.
  const listed = 5;
  await page.route(`**/api/admin/risk/${boss.id}`, async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    await route.fulfill({ response, json: { ...json, referred: json.referred.slice(0, listed) } });
  });
  const sent: unknown[] = [];
  page.on("request", (request) => void (request.url().endsWith(`/api/admin/risk/${boss.id}/confirm`) && sent.push(request.postDataJSON())));
  await page.goto(`/admin/risk/${boss.id}`);
  await page.getByText(`The first ${listed} of the 12 accounts this user referred`).waitFor();
  expect(await page.getByRole("checkbox", { name: /^Select .+ \(#\d+\)$/ }).count()).toBe(listed);
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await page.getByText("12 selected").waitFor();
  await page.getByRole("button", { name: "Confirm fraud" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm fraud" });
  expect(await dialog.getByTestId("ban-count").innerText()).toBe(`13 accounts will be banned: ${boss.firstName} and all 12 referred accounts.`);
  await dialog.getByRole("button", { name: "Ban 13 accounts" }).click();
  expect(await toastText(page, "Fraud confirmed")).toContain("13 accounts banned");
  expect(sent).toEqual([{ farm: "all" }]);
  for (const id of [boss.id, ...accounts.map((a) => a.id)]) expect(userRow(id).is_banned).toBe(1);

  // Ticking only some of the listed accounts still sends exactly those.
  const other = await makeFarm();
  await page.goto(`/admin/risk/${other.boss.id}`);
  const one = other.accounts[4]!;
  await page.getByRole("checkbox", { name: `Select ${one.firstName} (#${one.id})` }).check();
  await page.getByRole("button", { name: "Confirm fraud" }).click();
  await page.getByRole("dialog", { name: "Confirm fraud" }).getByRole("button", { name: "Ban 2 accounts" }).click();
  expect(await toastText(page, "Fraud confirmed")).toContain("2 accounts banned");
  expect(userRow(other.accounts[3]!.id).is_banned).toBe(0);
});

test("what could not be taken back is set apart with its total, and holds show their release", async () => {
  const { boss, accounts } = await makeFarm();
  const page = await h.page();
  const hold = (i: number, status: string) => ({
    referredId: accounts[i]!.id,
    reason: "referral_bonus",
    referrerId: boss.id,
    status,
    releaseAt: "2030-01-02T10:00:00.000Z",
    createdAt: "2029-12-30T10:00:00.000Z",
    settledAt: null,
    amountUsdt: "0.20",
  });
  // Holds and spent bonuses need referrals that qualified over days; the answers are the server's
  // own with those parts filled in.
  await page.route(`**/api/admin/risk/${boss.id}`, async (route) => {
    const response = await route.fetch();
    const json = { ...(await response.json()), heldUsdt: "0.40", holds: [hold(0, "held"), hold(1, "held")] };
    await route.fulfill({ response, json });
  });
  await page.route(`**/api/admin/risk/${boss.id}/confirm`, async (route) => {
    const response = await route.fetch();
    const real = await response.json();
    const move = (i: number, amount: string) => ({ referredId: accounts[i]!.id, referrerId: boss.id, amount });
    await route.fulfill({ response, json: { ...real, holdsReversed: [move(0, "0.20"), move(1, "0.20")], bonusesReversed: [move(2, "0.20")], notReversed: [move(3, "0.20"), move(4, "0.10")] } });
  });
  await page.goto(`/admin/risk/${boss.id}`);
  const holds = page.getByTestId("hold");
  await holds.nth(1).waitFor();
  expect(await holds.count()).toBe(2);
  expect(await holds.first().innerText()).toContain("Referral Bonus");
  await holds.first().getByText("Held", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Confirm fraud" }).click();
  await page.getByRole("dialog", { name: "Confirm fraud" }).getByRole("button", { name: "Ban 1 account" }).click();
  const report = page.getByTestId("fraud-report");
  await report.waitFor();
  const missing = report.getByTestId("not-reversed");
  expect(await missing.innerText()).toContain("Not taken back: 0.3 USDT");
  expect(await report.innerText()).toContain("0.4 USDT");
  await report.getByText("2 holds").waitFor();
  await screenshot(page, "admin-risk-report-not-reversed-1280");
});

test("the Review tab: chosen in the URL, kept on reload and Back, and Approve works on it", async () => {
  const { withdrawalId } = await makeFarm({ withdrawal: true });
  const page = await h.page();
  await page.goto("/admin/withdrawals?status=review");
  expect(await page.getByRole("tab", { name: "Review" }).getAttribute("aria-selected")).toBe("true");
  const card = page.getByTestId("withdrawal-card").filter({ hasText: `Request #${withdrawalId} ` });
  await card.getByText("In review").waitFor();
  await card.getByRole("link", { name: "Open risk case" }).waitFor();
  await screenshot(page, "admin-withdrawals-review-1280");

  await page.getByRole("tab", { name: "Paid" }).click();
  await page.waitForURL("**/admin/withdrawals?status=paid");
  await page.reload();
  expect(await page.getByRole("tab", { name: "Paid" }).getAttribute("aria-selected")).toBe("true");
  await page.goBack();
  await page.waitForURL("**/admin/withdrawals?status=review");
  expect(await page.getByRole("tab", { name: "Review" }).getAttribute("aria-selected")).toBe("true");

  const before = await counts();
  await card.getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve Withdrawal" });
  await dialog.getByText("This user is flagged by the risk checks.").waitFor();
  await dialog.getByRole("button", { name: "Approve" }).click();
  expect(await toastText(page, `Withdrawal #${withdrawalId} approved`)).toContain("approved");
  await card.waitFor({ state: "detached" });
  await page.getByRole("tab", { name: "Approved" }).getByTestId("tab-count").getByText(String(before.approved + 1), { exact: true }).waitFor();
  expect(await tabCount(page, "Review")).toBe(before.review - 1);
  expect(withdrawalStatus(withdrawalId!)).toBe("approved");

  const phone = await h.page({ viewport: PHONE });
  await phone.goto("/admin/withdrawals?status=review");
  await phone.getByRole("tab", { name: "Review" }).waitFor();
  await screenshot(phone, "admin-withdrawals-review-390");
});

test("the user dialog shows the held amount and the risk standing, linked to the case", async () => {
  const { boss } = await makeFarm();
  const page = await h.page();
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill(boss.username);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Open @${boss.username}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Held", { exact: true }).waitFor();
  await dialog.getByText("Flagged", { exact: true }).waitFor();
  await viewportScreenshot(page, "admin-user-risk-1280");
  await dialog.getByRole("link", { name: "Open risk case" }).click();
  await page.waitForURL(`**/admin/risk/${boss.id}`);
  await page.getByRole("heading", { name: boss.firstName }).waitFor();
  expect(await page.getByRole("dialog").count()).toBe(0);
});

test("Load more asks for the users below the last one shown; Release due holds says what it did", async () => {
  const page = await h.page();
  const problems: string[] = [];
  page.on("console", (message) => ["error", "warning"].includes(message.type()) && problems.push(message.text()));
  const asked: string[] = [];
  const row = (userId: number) => ({ userId, tgId: 9_000_000 + userId, username: null, firstName: `Paged ${userId}`, score: 70, status: "flagged", isBanned: false, balanceUsdt: "0.00", heldUsdt: "0.00", qualifiedReferrals: 0, totalInvited: 0, signals: [] });
  await page.route("**/api/admin/risk?*", (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const before = Number(url.searchParams.get("before") ?? 1000);
    const size = before === 1000 ? 50 : 3;
    return route.fulfill({ json: Array.from({ length: size }, (_, i) => row(before - 1 - i)) });
  });
  await page.goto("/admin/risk");
  await page.getByTestId("flagged-user").nth(49).waitFor();
  await page.getByRole("button", { name: "Load more" }).click();
  await page.getByTestId("flagged-user").nth(52).waitFor();
  expect(await page.getByTestId("flagged-user").count()).toBe(53);
  expect(asked.at(-1)).toContain("before=950");
  // A short page is the last one.
  expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

  await page.getByRole("button", { name: "Release due holds" }).click();
  expect(await toastText(page, "No holds were due")).toContain("0 holds released, 0 forfeited, 0 kept for review.");
  expect(problems).toEqual([]);
});

test("a queue that fails to load says why and offers Retry, which loads it", async () => {
  const page = await h.page();
  let fail = true;
  await page.route("**/api/admin/risk?*", (route) => (fail ? route.fulfill({ status: 500, json: { message: "Database is unavailable", code: "INTERNAL" } }) : route.continue()));
  await page.goto("/admin/risk");
  const error = page.getByTestId("error-state");
  await error.getByText("Database is unavailable").waitFor();
  expect(await page.getByText("No flagged users").count()).toBe(0);
  await screenshot(page, "admin-risk-error-1280");
  fail = false;
  await error.getByRole("button", { name: "Retry" }).click();
  await page.getByTestId("flagged-user").first().waitFor();
  expect(await error.count()).toBe(0);
});

test("an empty queue says so", async () => {
  const page = await h.page();
  // The tests above leave flagged users behind, so the empty answer is the route's.
  await page.route("**/api/admin/risk?*", (route) => route.fulfill({ json: [] }));
  await page.goto("/admin/risk");
  await page.getByText("No flagged users").waitFor();
});
