// Control characters, U+0000 first (PostgreSQL's text cannot hold it): refused with 400 naming the
// field wherever a person types text into the API, and taken out where Telegram sends it (the
// mini app's signed launch data, the bot's updates), with the same answers on both engines.
import { expect } from "bun:test";
import { createHash } from "node:crypto";
import { demoInitDataToken } from "@/api/app.ts";
import { createBot } from "@/bot/create-bot.ts";
import { eq } from "@/db/ops.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { toChecksumAddress } from "@/domain/wallet.ts";
import { startFakeTelegram } from "./support/fake-telegram.ts";
import { forEachAppEngine, jwtSecret, uniqueTgId, type TestApp } from "./support/app.ts";

const nul = "\u0000";
const address = (seed: string) => toChecksumAddress(`0x${createHash("sha256").update(seed).digest("hex").slice(0, 40)}`);
const goodHash = `0x${createHash("sha256").update("tx").digest("hex")}`;

type Scene = { admin: Record<string, string>; user: Record<string, string>; userId: number; taskId: number; linkTaskId: number; pending: number; approved: number };
type Case = { method: string; path: (s: Scene) => string; as: "admin" | "user" | "none"; body?: unknown; field: string };

const q = encodeURIComponent;
/** Every place the API takes typed text, each with a control character in one field. */
const cases: Case[] = [
  { as: "none", method: "POST", path: () => "/api/auth/login", body: { email: "admin@refbot.test", password: `correct horse${nul}` }, field: "password" },
  { as: "none", method: "GET", path: () => `/api/demo/init-data?startParam=${q(`CODE${nul}`)}`, field: "startParam" },
  { as: "admin", method: "POST", path: () => "/api/admin/tasks", body: { title: `Daily${nul}check` }, field: "title" },
  { as: "admin", method: "POST", path: () => "/api/admin/tasks", body: { title: "Daily", description: `Open${nul}the app` }, field: "description" },
  { as: "admin", method: "POST", path: () => "/api/admin/tasks", body: { title: "Follow", kind: "link", url: `https://x.com/${nul}refbot` }, field: "url" },
  { as: "admin", method: "POST", path: () => "/api/admin/tasks", body: { title: `Escape \u001b[2J the screen` }, field: "title" },
  { as: "admin", method: "PATCH", path: (s) => `/api/admin/tasks/${s.taskId}`, body: { title: `Daily${nul}` }, field: "title" },
  { as: "admin", method: "PATCH", path: (s) => `/api/admin/tasks/${s.taskId}`, body: { description: `${nul}` }, field: "description" },
  { as: "admin", method: "PATCH", path: (s) => `/api/admin/tasks/${s.linkTaskId}`, body: { url: `https://x.com/refbot${nul}` }, field: "url" },
  { as: "admin", method: "PATCH", path: (s) => `/api/admin/withdrawals/${s.pending}/reject`, body: { reason: `wrong${nul}address` }, field: "reason" },
  { as: "admin", method: "PATCH", path: (s) => `/api/admin/withdrawals/${s.approved}/paid`, body: { txHash: `${goodHash}${nul}` }, field: "txHash" },
  { as: "admin", method: "POST", path: (s) => `/api/admin/users/${s.userId}/ban`, body: { reason: `spam${nul}` }, field: "reason" },
  { as: "admin", method: "POST", path: (s) => `/api/admin/users/${s.userId}/adjust`, body: { amount: "1", reason: `bonus${nul}` }, field: "reason" },
  { as: "admin", method: "POST", path: () => "/api/admin/broadcast", body: { message: `Hello${nul} everyone, new tasks today` }, field: "message" },
  { as: "admin", method: "POST", path: () => "/api/admin/broadcast", body: { message: "Hello everyone, new tasks today", texts: { ru: `Привет${nul} всем, новые задания` } }, field: "texts.ru" },
  { as: "admin", method: "GET", path: () => `/api/admin/users?search=${q(`ann${nul}`)}`, field: "search" },
  { as: "user", method: "POST", path: () => "/api/me/wallet", body: { address: `${address("wallet")}${nul}` }, field: "address" },
];

const headersOf = (s: Scene, as: Case["as"]) => (as === "none" ? {} : s[as]);

await forEachAppEngine(import.meta.path, ({ test, beforeAll, makeTestApp }) => {
  let t: TestApp;
  let s: Scene;

  beforeAll(async () => {
    t = await makeTestApp();
    const admin = await t.adminHeaders();
    const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
      const reply = await t.request(method, path, { headers, body });
      if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body;
    };
    const withdrawer = async (seed: string) => {
      const headers = t.userHeaders(uniqueTgId());
      const me = await call("GET", "/api/me", headers);
      await call("POST", `/api/admin/users/${me.id}/adjust`, admin, { amount: "50", reason: "funds" });
      await call("POST", "/api/me/wallet", headers, { address: address(seed) });
      return { headers, id: me.id as number, withdrawal: (await call("POST", "/api/me/withdraw", headers, { amount: "10" })).id as number };
    };
    const pending = await withdrawer("pending");
    const approved = await withdrawer("approved");
    await call("PATCH", `/api/admin/withdrawals/${approved.withdrawal}/approve`, admin);
    const task = await t.makeTask();
    const link = await t.makeTask({ kind: "link", title: "Follow us", url: "https://x.com/refbot", waitSeconds: 0 });
    s = { admin, user: pending.headers, userId: pending.id, taskId: task.id, linkTaskId: link.id, pending: pending.withdrawal, approved: approved.withdrawal };
  });

  for (const k of cases) {
    const shown = JSON.stringify(k.body ?? k.path({ taskId: ":id", linkTaskId: ":id", pending: ":id", approved: ":id", userId: ":id" } as unknown as Scene)).replaceAll("\\u0000", "\\0");
    test(`${k.method} ${k.field}: ${shown.slice(0, 90)} is refused naming ${k.field}, and nothing changes`, async () => {
      const before = await t.snapshot();
      const res = await t.request(k.method, k.path(s), { headers: headersOf(s, k.as), body: k.body });
      expect({ status: res.status, code: res.body.code, field: res.body.field }).toEqual({ status: 400, code: "VALIDATION_FAILED", field: k.field });
      expect(res.body.message).toMatch(new RegExp(`^${k.field.replace(".", "\\.")}: must not contain the control character U\\+00(00|1B)$`));
      expect(await t.snapshot()).toEqual(before);
    });
  }

  test("who asks is checked before what they typed: without a token or launch data, text with U+0000 is 401", async () => {
    const admin = await t.request("POST", "/api/admin/tasks", { body: { title: `Daily${nul}` } });
    const user = await t.request("POST", "/api/me/wallet", { body: { address: `${address("x")}${nul}` } });
    expect([admin.status, admin.body.code, user.status, user.body.code]).toEqual([401, "UNAUTHORIZED", 401, "UNAUTHORIZED"]);
  });

  test("tabs and line breaks are text: a task described in lines and a broadcast in paragraphs are taken as typed", async () => {
    const description = "Open the app.\r\nThen:\tpress Check in.";
    const task = await t.request("POST", "/api/admin/tasks", { headers: s.admin, body: { title: "Lines", description } });
    expect(task.status).toBe(201);
    expect(task.body.description).toBe(description);
    const broadcast = await t.request("POST", "/api/admin/broadcast", { headers: s.admin, body: { message: "New tasks today.\n\nOpen the app\tand see." } });
    expect(broadcast.status).toBe(201);
  });

  test("launch data with U+0000 in the names and the start parameter: the user is registered without it, every request answers 200", async () => {
    const app = await makeTestApp();
    const key = initDataKey(demoInitDataToken(jwtSecret));
    const referrer = await app.makeUser();
    const tgId = uniqueTgId();
    const authDate = Math.floor(app.now().getTime() / 1000);
    const user = { id: tgId, first_name: `Ann${nul}a`, last_name: `${nul}Lee\u0007`, username: `ann${nul}_lee`, language_code: `ru${nul}` };
    const headers = { "x-telegram-init-data": signInitData({ user, startParam: `${nul}${referrer.refCode}`, authDate }, key) };
    for (const path of ["/api/me", "/api/me/balance", "/api/tasks/active", "/api/me/referrals"]) {
      expect({ path, status: (await app.request("GET", path, { headers })).status }).toEqual({ path, status: 200 });
    }
    const [row] = await app.rows("users", (u) => eq(u.tgId, tgId));
    expect(row).toMatchObject({ firstName: "Anna", lastName: "Lee", username: "ann_lee", tgLanguage: "ru" });
    // The start parameter was read without the character too: the referral is bound.
    expect(await app.rows("referrals", (r) => eq(r.referredId, row!.id))).toMatchObject([{ referrerId: referrer.id }]);

    // A known user whose name Telegram now sends with U+0000 is updated, without it.
    const renamed = { ...user, first_name: `Bea${nul}${nul}trice` };
    const again = { "x-telegram-init-data": signInitData({ user: renamed, authDate }, key) };
    const me = await app.request("GET", "/api/me", { headers: again });
    expect(me.status).toBe(200);
    expect((await app.userRow(row!.id)).firstName).toBe("Beatrice");
    expect(await app.checkLedger()).toMatchObject({ problems: [] });
  });

  test("the bot's /start from a user whose names hold U+0000 registers them without it and answers", async () => {
    const tg = startFakeTelegram();
    try {
      const token = "123456:TEST-token";
      const app = await makeTestApp({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, MINIAPP_URL: "https://mini.example/app" });
      const bot = createBot(app.deps, { token, apiRoot: tg.apiRoot });
      await bot.init();
      const referrer = await app.makeUser();
      const tgId = uniqueTgId();
      await bot.handleUpdate(tg.message(tgId, `/start ${referrer.refCode}${nul}`, { first_name: `Ivan${nul}`, last_name: `Pe${nul}trov`, username: `ivan${nul}` }));
      const [row] = await app.rows("users", (u) => eq(u.tgId, tgId));
      expect(row).toMatchObject({ firstName: "Ivan", lastName: "Petrov", username: "ivan" });
      expect(await app.rows("referrals", (r) => eq(r.referredId, row!.id))).toMatchObject([{ referrerId: referrer.id }]);
      expect(tg.sent(tgId).map((c) => c.body.text)[0]).toContain("Welcome, Ivan!");

      // A later message with a changed name keeps the profile current, cleaned the same way.
      await bot.handleUpdate(tg.message(tgId, "hello", { first_name: `Iv${nul}an II` }));
      expect((await app.userRow(row!.id)).firstName).toBe("Ivan II");
      expect(tg.sent(tgId)).toHaveLength(2);
    } finally {
      tg.stop();
    }
  });
});
