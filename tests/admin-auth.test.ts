// Who may call what: admin tokens (expiry required, HS256 only, revoked by logout), the login
// throttle (more in login-throttle.test.ts), password hashing, and the Telegram init data every
// user call carries. On both engines.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import { openDeps, ensureFirstAdmin } from "@/server/bootstrap.ts";
import { createConfig } from "@/config/env.ts";
import { demoInitDataToken } from "@/api/app.ts";
import { productPasswordCost } from "@/domain/admins.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { scopeNames } from "@/domain/access.ts";
import { adminEmail, adminPassword, forEachAppEngine, jwtSecret, uniqueTgId, type TestApp } from "./support/app.ts";
import { adminRoutesOf, unguardedAdminPaths } from "./support/admin-routes.ts";

/** Admin reads with data to answer: each must answer 200 to a signed-in owner. */
const adminReads: [string, string][] = [
  ["GET", "/api/admin/me"],
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/task-stats"],
  ["GET", "/api/admin/tasks"],
  ["GET", "/api/admin/withdrawals"],
  ["GET", "/api/admin/withdrawals?status=pending"],
  ["GET", "/api/admin/users"],
  ["GET", "/api/admin/users?search=user"],
  ["GET", "/api/admin/users/1"],
  ["GET", "/api/admin/users/1/balance"],
  ["GET", "/api/admin/users/1/referrals"],
  ["GET", "/api/admin/users/1/activity"],
  ["GET", "/api/admin/activity-stats"],
  ["GET", "/api/admin/activity-stats?range=weekly"],
  ["GET", "/api/admin/leaderboard/earnings"],
  ["GET", "/api/admin/leaderboard/referrals"],
  ["GET", "/api/admin/leaderboard/activity"],
  ["GET", "/api/admin/broadcasts"],
  ["GET", "/api/admin/audit"],
];

/** Every user route (a completion of task 1 included). */
const userRoutes: [string, string, unknown?][] = [
  ["GET", "/api/me"],
  ["GET", "/api/me/activity"],
  ["GET", "/api/me/balance"],
  ["GET", "/api/me/referrals"],
  ["GET", "/api/me/referrals/recent"],
  ["GET", "/api/me/withdrawals"],
  ["GET", "/api/me/rank?category=earnings"],
  ["POST", "/api/me/wallet", { address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" }],
  ["POST", "/api/me/withdraw", { amount: "10" }],
  ["GET", "/api/tasks/active"],
  ["POST", "/api/tasks/1/complete"],
  ["GET", "/api/leaderboard/earnings"],
  ["GET", "/api/leaderboard/referrals"],
  ["GET", "/api/leaderboard/activity"],
];

await forEachAppEngine(import.meta.path, ({ test, beforeAll, makeTestApp }) => {
  /** How many rows each table holds. */
  const rowCounts = async (t: TestApp) => Object.entries(await t.snapshot()).map(([table, rows]) => `${table}:${rows.split(":")[0]}`);

  /**
   * Sends every admin route the app serves (its own list, so a new route is covered at once) with
   * these headers; each must answer 401 { message, code: UNAUTHORIZED } and write nothing.
   */
  async function expectAllRefused(t: TestApp, headers: Record<string, string>) {
    const before = await rowCounts(t);
    const seen: string[] = [];
    const routes = adminRoutesOf(t.app);
    for (const { method, path } of routes) {
      const res = await t.request(method, path, { headers, body: method === "GET" ? undefined : {} });
      seen.push(`${method} ${path} ${res.status} ${res.body?.code}`);
      expect(typeof res.body?.message).toBe("string");
    }
    expect(seen).toEqual(routes.map(({ method, path }) => `${method} ${path} 401 UNAUTHORIZED`));
    expect(await rowCounts(t)).toEqual(before);
  }

  /** A fixture with something for each route to act on: user 1, task 1, a pending withdrawal 1. */
  async function appWithData(env: Record<string, string> = {}) {
    const t = await makeTestApp(env);
    const user = await t.makeUser();
    await t.makeTask();
    return { t, user };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const sign = (claims: Record<string, unknown>, secret = jwtSecret, alg = "HS256") =>
    new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));

  describe("admin routes refuse callers without a valid token", () => {
    let t: TestApp;
    beforeAll(async () => {
      ({ t } = await appWithData());
    });

    test("every /api/admin route asks for an admin, and the walk below covers them all", () => {
      expect(unguardedAdminPaths(t.app)).toEqual([]);
      expect(adminRoutesOf(t.app).length).toBeGreaterThan(40);
    });

    test("with a valid token every route answers (the list is real)", async () => {
      const headers = await t.adminHeaders();
      for (const [method, path] of adminReads) {
        expect({ path, status: (await t.request(method, path, { headers })).status }).toEqual({ path, status: 200 });
      }
    });

    test("the Bearer scheme is matched without regard to case, with any whitespace before the token", async () => {
      const { token } = (await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } })).body;
      for (const authorization of [`bearer ${token}`, `BEARER ${token}`, `Bearer   ${token}`, `bEaReR\t${token}`]) {
        expect({ authorization, status: (await t.request("GET", "/api/admin/me", { headers: { authorization } })).status }).toEqual({ authorization, status: 200 });
      }
    });

    test("a token signed here like the server's (sub, ver, exp; HS256) works, so the refusals below are about one flaw each", async () => {
      const exp = Math.floor(t.now().getTime() / 1000) + 3600;
      const res = await t.request("GET", "/api/admin/me", { headers: bearer(await sign({ sub: String(t.admin.id), ver: 0, exp })) });
      expect(res).toEqual({ status: 200, body: { id: t.admin.id, email: adminEmail, role: "owner", scopes: scopeNames, payouts: { checkedOnChain: false, hotWallet: false } } });
    });

    test("no token", () => expectAllRefused(t, {}));
    test("an empty bearer", () => expectAllRefused(t, { authorization: "Bearer " }));
    test("another scheme", async () => {
      const { token } = (await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } })).body;
      await expectAllRefused(t, { authorization: `Basic ${token}` });
      await expectAllRefused(t, { authorization: `Bearer${token}` });
    });
    test("a garbage token", () => expectAllRefused(t, bearer("not.a.jwt")));
    test("a token without the Bearer scheme", async () => {
      const { token } = (await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } })).body;
      await expectAllRefused(t, { authorization: token });
    });
    test("a token signed with another secret", async () => {
      const exp = Math.floor(t.now().getTime() / 1000) + 3600;
      await expectAllRefused(t, bearer(await sign({ sub: String(t.admin.id), ver: 0, exp }, "another-secret-another-secret-0123456")));
    });
    test("a token without an exp claim, signed with the right secret", async () => {
      await expectAllRefused(t, bearer(await sign({ sub: String(t.admin.id), ver: 0 })));
    });
    test("a token with exp but an algorithm other than HS256", async () => {
      const exp = Math.floor(t.now().getTime() / 1000) + 3600;
      await expectAllRefused(t, bearer(await sign({ sub: String(t.admin.id), ver: 0, exp }, jwtSecret, "HS512")));
    });
    test("an unsigned token (alg none)", async () => {
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
      const exp = Math.floor(t.now().getTime() / 1000) + 3600;
      await expectAllRefused(t, bearer(`${part({ alg: "none", typ: "JWT" })}.${part({ sub: String(t.admin.id), ver: 0, exp })}.`));
    });
    test("a well-signed token for an admin who does not exist", async () => {
      const exp = Math.floor(t.now().getTime() / 1000) + 3600;
      await expectAllRefused(t, bearer(await sign({ sub: "999999", ver: 0, exp })));
    });
    test("the token is checked before the input: a bad body without a token is 401, not 400", async () => {
      for (const [method, path, body] of [
        ["POST", "/api/admin/tasks", {}],
        ["GET", "/api/admin/users/abc", undefined],
        ["POST", "/api/admin/broadcast", { message: 1 }],
        ["POST", "/api/admin/users/1/adjust", { amount: "1e30" }],
      ] as const) {
        expect((await t.request(method, path, { body })).status).toBe(401);
      }
    });
  });

  describe("token lifetime", () => {
    test("a token works until 12 hours after login and not a second later", async () => {
      const { t } = await appWithData();
      t.setNow("2026-03-10T08:00:00Z");
      const login = await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ expiresAt: "2026-03-10T20:00:00.000Z", admin: { id: t.admin.id, email: adminEmail } });
      const headers = bearer(login.body.token);
      t.setNow("2026-03-10T19:59:59Z");
      expect((await t.request("GET", "/api/admin/me", { headers })).body).toEqual({ id: t.admin.id, email: adminEmail, role: "owner", scopes: scopeNames, payouts: { checkedOnChain: false, hotWallet: false } });
      t.setNow("2026-03-10T20:00:01Z");
      await expectAllRefused(t, headers);
    });

    test("logout revokes every token of that admin, and a new login works", async () => {
      const { t } = await appWithData();
      const login = () => t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword } });
      const first = bearer((await login()).body.token);
      const second = bearer((await login()).body.token);
      const out = await t.request("POST", "/api/auth/logout", { headers: first });
      expect(out).toEqual({ status: 200, body: { ok: true } });
      await expectAllRefused(t, first);
      await expectAllRefused(t, second);
      const fresh = bearer((await login()).body.token);
      expect((await t.request("GET", "/api/admin/me", { headers: fresh })).status).toBe(200);
    });
  });

  describe("login", () => {
    const login = (t: TestApp, email: string, password: string) => t.request("POST", "/api/auth/login", { body: { email, password } });

    test("a wrong password and an unknown e-mail get the same 401 INVALID_CREDENTIALS", async () => {
      const t = await makeTestApp();
      const wrong = await login(t, adminEmail, "not the password");
      const unknown = await login(t, "nobody@refbot.test", adminPassword);
      expect(wrong).toEqual({ status: 401, body: { message: expect.any(String), code: "INVALID_CREDENTIALS" } });
      expect(unknown).toEqual(wrong);
      expect(JSON.stringify(wrong.body)).not.toContain("token");
    });

    test("the e-mail is matched without regard to case or surrounding spaces", async () => {
      const t = await makeTestApp();
      expect((await login(t, `  ${adminEmail.toUpperCase()} `, adminPassword)).status).toBe(200);
    });

    test("five failures in 15 minutes block that e-mail from that address, even with the right password, until the window passes", async () => {
      const t = await makeTestApp();
      t.setNow("2026-03-10T12:00:00Z");
      for (let i = 0; i < 5; i++) {
        // The same e-mail in another case counts against the same account.
        expect((await login(t, i % 2 ? adminEmail.toUpperCase() : adminEmail, `wrong ${i}`)).body.code).toBe("INVALID_CREDENTIALS");
      }
      t.setNow("2026-03-10T12:14:00Z");
      const blocked = await login(t, adminEmail, adminPassword);
      expect(blocked).toEqual({ status: 429, body: { message: expect.any(String), code: "TOO_MANY_ATTEMPTS", retryAfterSeconds: 60 } });
      // Another e-mail is not blocked by this one's failures.
      expect((await login(t, "someone@refbot.test", "x")).body.code).toBe("INVALID_CREDENTIALS");
      t.setNow("2026-03-10T12:15:01Z");
      const again = await login(t, adminEmail, adminPassword);
      expect(again.status).toBe(200);
      expect(typeof again.body.token).toBe("string");
    });

    test("four failures are not yet a block, and the window counts from its first attempt", async () => {
      const t = await makeTestApp();
      t.setNow("2026-03-10T12:00:00Z");
      for (let i = 0; i < 4; i++) await login(t, adminEmail, "wrong");
      t.setNow("2026-03-10T12:10:00Z");
      await login(t, adminEmail, "wrong"); // the fifth, ten minutes later
      expect((await login(t, adminEmail, adminPassword)).status).toBe(429);
      t.setNow("2026-03-10T12:15:00Z"); // the window opened at 12:00 has ended
      expect((await login(t, adminEmail, adminPassword)).status).toBe(200);
    });

  });

  describe("user calls", () => {
    let t: TestApp;
    let tgId: number;
    beforeAll(async () => {
      t = await makeTestApp({ INIT_DATA_MAX_AGE: "3600" });
      await t.makeTask();
      tgId = uniqueTgId();
      expect((await t.request("GET", "/api/me", { headers: t.userHeaders(tgId) })).status).toBe(200);
    });

    async function expectUserRefused(headers: Record<string, string>, query = "") {
      const before = await rowCounts(t);
      for (const [method, path, body] of userRoutes) {
        const sep = path.includes("?") ? "&" : "?";
        const res = await t.request(method, query ? `${path}${sep}${query}` : path, { headers, body });
        expect({ path, status: res.status, code: res.body?.code }).toEqual({ path, status: 401, code: "UNAUTHORIZED" });
      }
      expect(await rowCounts(t)).toEqual(before);
    }

    test("no init data", () => expectUserRefused({}));

    test("identity is checked before the input: a bad body or parameter without identity is 401, not 400", async () => {
      const badInput = [
        ["POST", "/api/me/wallet", { address: 1 }],
        ["POST", "/api/me/withdraw", {}],
        ["POST", "/api/tasks/abc/complete", undefined],
        ["GET", "/api/me/rank?category=bogus", undefined],
        ["GET", "/api/leaderboard/bogus", undefined],
        ["GET", "/api/leaderboard/earnings?limit=abc", undefined],
      ] as const;
      const before = await rowCounts(t);
      for (const [method, path, body] of badInput) {
        const res = await t.request(method, path, { body });
        expect({ path, status: res.status, code: res.body?.code }).toEqual({ path, status: 401, code: "UNAUTHORIZED" });
        // With an identity the same input is refused as input, so the list above is real.
        const signedIn = await t.request(method, path, { body, headers: t.userHeaders(tgId) });
        expect({ path, status: signedIn.status }).toEqual({ path, status: 400 });
      }
      expect(await rowCounts(t)).toEqual(before);
    });

    test("a tampered user field (the hash no longer matches)", async () => {
      const raw = new URLSearchParams(t.initDataFor({ tgId }));
      raw.set("user", JSON.stringify({ id: tgId + 1, first_name: "Test" }));
      await expectUserRefused({ "x-telegram-init-data": raw.toString() });
    });

    test("a tampered hash", async () => {
      const raw = new URLSearchParams(t.initDataFor({ tgId }));
      const hash = raw.get("hash")!;
      raw.set("hash", (hash[0] === "a" ? "b" : "a") + hash.slice(1));
      await expectUserRefused({ "x-telegram-init-data": raw.toString() });
    });

    test("init data signed for another bot", async () => {
      const other = signInitData({ user: { id: tgId, first_name: "Test" }, authDate: Math.floor(t.now().getTime() / 1000) }, initDataKey("999:other-bot"));
      await expectUserRefused({ "x-telegram-init-data": other });
    });

    test("auth_date older than INIT_DATA_MAX_AGE, also for init data already seen", async () => {
      const now = Math.floor(t.now().getTime() / 1000);
      await expectUserRefused({ "x-telegram-init-data": t.initDataFor({ tgId }, undefined, now - 3601) });
      const fresh = { "x-telegram-init-data": t.initDataFor({ tgId }, undefined, now - 3599) };
      expect((await t.request("GET", "/api/me", { headers: fresh })).status).toBe(200);
      // The same launch data, two seconds later, has passed its age.
      const saved = t.now();
      t.setNow(new Date(saved.getTime() + 2000));
      try {
        await expectUserRefused(fresh);
      } finally {
        t.setNow(saved);
      }
    });

    test("demo mode: X-Telegram-Id and ?tgUserId= work for a registered user, not for an unknown one", async () => {
      const me = await t.request("GET", "/api/me", { headers: { "x-telegram-id": String(tgId) } });
      expect(me.status).toBe(200);
      expect(me.body.tgId).toBe(tgId);
      expect((await t.request("GET", `/api/me?tgUserId=${tgId}`)).body.tgId).toBe(tgId);
      await expectUserRefused({ "x-telegram-id": "999999999" });
      await expectUserRefused({ "x-telegram-id": "abc" });
    });

    test("demo mode: /api/demo/init-data mints init data the API accepts", async () => {
      const minted = await t.request("GET", `/api/demo/init-data?tgId=${tgId}`);
      expect(minted.status).toBe(200);
      expect(minted.body.tgId).toBe(tgId);
      const me = await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": minted.body.initData } });
      expect(me.body.tgId).toBe(tgId);
    });
  });

  describe("outside demo mode (BOT_TOKEN set)", () => {
    let t: TestApp;
    let tgId: number;
    beforeAll(async () => {
      t = await makeTestApp({ BOT_TOKEN: "123456:TEST-token" });
      tgId = uniqueTgId();
      // Init data signed with the bot token is the way in.
      expect((await t.request("GET", "/api/me", { headers: t.userHeaders(tgId) })).status).toBe(200);
    });

    test("the plain X-Telegram-Id header and ?tgUserId= are refused", async () => {
      for (const res of [
        await t.request("GET", "/api/me", { headers: { "x-telegram-id": String(tgId) } }),
        await t.request("GET", `/api/me?tgUserId=${tgId}`),
        await t.request("POST", "/api/me/withdraw", { headers: { "x-telegram-id": String(tgId) }, body: { amount: "10" } }),
      ]) {
        expect(res).toEqual({ status: 401, body: { message: expect.any(String), code: "UNAUTHORIZED" } });
      }
    });

    test("init data signed with the demo key is refused", async () => {
      const demo = signInitData({ user: { id: tgId, first_name: "Test" }, authDate: Math.floor(t.now().getTime() / 1000) }, initDataKey(demoInitDataToken(jwtSecret)));
      expect((await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": demo } })).status).toBe(401);
    });

    test("GET /api/demo/init-data is 404", async () => {
      for (const path of ["/api/demo/init-data", `/api/demo/init-data?tgId=${tgId}`]) {
        const res = await t.request("GET", path);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe("NOT_FOUND");
        expect(JSON.stringify(res.body)).not.toContain("initData");
      }
    });
  });
});

// In-process apps hash at a test's cost (support/app.ts); the server's start-up must not.
test("the server's start-up stores the admin password as an argon2id hash at the product's cost", async () => {
  const dir = mkdtempSync(join(tmpdir(), "refbot-admin-"));
  const config = createConfig({ DATABASE_PATH: join(dir, "refbot.sqlite"), JWT_SECRET: jwtSecret, SEED_DEMO: "false", ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword });
  const { deps, engine } = await openDeps(config);
  try {
    await ensureFirstAdmin(deps);
    const admin = await deps.store.read((tx) => tx.admins.byEmail(adminEmail));
    expect(admin!.passwordHash).toStartWith("$argon2id$");
    expect(admin!.passwordHash).not.toContain(adminPassword);
    const [, memory, passes] = /m=(\d+),t=(\d+)/.exec(admin!.passwordHash)!.map(Number);
    expect(memory).toBeGreaterThanOrEqual(19_456); // KiB; OWASP's floor for argon2id
    expect({ memoryCost: memory, timeCost: passes }).toEqual(productPasswordCost);
    expect(await Bun.password.verify(adminPassword, admin!.passwordHash)).toBe(true);
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
