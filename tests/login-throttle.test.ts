// Admin sign-in throttling: attempts are counted as they start, per client address and per
// address with account, in the database; and which client address the server believes.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { createApp } from "@/api/app.ts";
import { rules } from "@/domain/rules.ts";
import { openDb } from "@/db/sqlite/client.ts";
import { sqliteStore } from "@/db/sqlite/store/index.ts";
import { loginThrottle } from "@/db/sqlite/schema/index.ts";
import { adminEmail, adminPassword, jwtSecret, makeTestApp, type TestApp } from "./support/app.ts";
import { startTestServer, type TestServer } from "./support/server.ts";

const windowSeconds = rules.loginFailureWindowMs / 1000;

const login = (t: TestApp, email: string, password: string, from?: string) =>
  t.request("POST", "/api/auth/login", { body: { email, password }, from });

/** How many replies had each status. */
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

describe("sign-in throttling", () => {
  test("a burst of 60 concurrent attempts from one address (59 wrong, 1 right) checks at most 5 passwords", async () => {
    const t = await makeTestApp();
    const verify = spyOn(Bun.password, "verify");
    try {
      const passwords = Array.from({ length: 60 }, (_, i) => (i === 30 ? adminPassword : `wrong ${i}`));
      const replies = await Promise.all(passwords.map((p) => login(t, adminEmail, p, "203.0.113.7")));
      const counts = tally(replies.map((r) => r.status));
      const checked = (counts[401] ?? 0) + (counts[200] ?? 0);
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(rules.loginFailureLimit);
      expect(counts[429]).toBe(60 - checked);
      // A refused attempt never reaches the slow hash.
      expect(verify).toHaveBeenCalledTimes(checked);
      for (const r of replies.filter((r) => r.status === 429)) {
        expect(r.body).toEqual({ message: expect.any(String), code: "TOO_MANY_ATTEMPTS", retryAfterSeconds: windowSeconds });
      }
    } finally {
      verify.mockRestore();
    }
  });

  test("an attacker's failures slow the attacker, not the admin signing in from another address", async () => {
    const t = await makeTestApp();
    for (let i = 0; i < rules.loginFailureLimit; i++) {
      expect((await login(t, adminEmail, `guess ${i}`, "203.0.113.7")).status).toBe(401);
    }
    // From the attacker's address even the right password is refused now...
    expect((await login(t, adminEmail, adminPassword, "203.0.113.7")).status).toBe(429);
    // ...while the admin, elsewhere, signs in as usual.
    const admin = await login(t, adminEmail, adminPassword, "198.51.100.9");
    expect(admin.status).toBe(200);
    expect(typeof admin.body.token).toBe("string");
  });

  test("one address trying many accounts is stopped by its own limit, other addresses are not", async () => {
    const t = await makeTestApp();
    for (let i = 0; i < rules.loginAddressFailureLimit; i++) {
      expect((await login(t, `someone${i}@refbot.test`, "guess", "203.0.113.8")).status).toBe(401);
    }
    expect((await login(t, "fresh@refbot.test", "guess", "203.0.113.8")).status).toBe(429);
    expect((await login(t, adminEmail, adminPassword, "203.0.113.8")).status).toBe(429);
    expect((await login(t, adminEmail, adminPassword, "203.0.113.9")).status).toBe(200);
  });

  test("a success clears that account's failures from that address and gives its attempt back to the address", async () => {
    const t = await makeTestApp();
    const from = "192.0.2.1";
    for (let i = 0; i < rules.loginFailureLimit - 1; i++) await login(t, adminEmail, "wrong", from);
    expect((await login(t, adminEmail, adminPassword, from)).status).toBe(200);
    // The account starts afresh from this address: five more failures before a refusal.
    for (let i = 0; i < rules.loginFailureLimit; i++) expect((await login(t, adminEmail, "wrong", from)).status).toBe(401);
    expect((await login(t, adminEmail, "wrong", from)).status).toBe(429);
    // The address has spent 4 + 5 failures; the success cost it nothing.
    const left = rules.loginAddressFailureLimit - 2 * rules.loginFailureLimit + 1;
    for (let i = 0; i < left; i++) expect((await login(t, `other${i}@refbot.test`, "wrong", from)).status).toBe(401);
    expect((await login(t, "one-more@refbot.test", "wrong", from)).status).toBe(429);
  });

  test("the window is fixed: Retry-After says when it ends, and then the count starts afresh", async () => {
    const t = await makeTestApp();
    const from = "192.0.2.2";
    t.setNow("2026-03-10T12:00:00Z");
    for (let i = 0; i < rules.loginFailureLimit; i++) await login(t, adminEmail, "wrong", from);
    t.setNow("2026-03-10T12:10:00Z");
    const refused = await t.send("POST", "/api/auth/login", { body: { email: adminEmail, password: adminPassword }, from });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("300");
    expect(await refused.json()).toEqual({ message: expect.stringContaining("5 minutes"), code: "TOO_MANY_ATTEMPTS", retryAfterSeconds: 300, requestId: refused.headers.get("x-request-id") });
    t.setNow("2026-03-10T12:14:59.500Z");
    expect((await login(t, adminEmail, adminPassword, from)).body.retryAfterSeconds).toBe(1);
    t.setNow("2026-03-10T12:15:00Z");
    expect((await login(t, adminEmail, adminPassword, from)).status).toBe(200);
  });

  test("the count lives in the database: an app restarted on the same file still refuses", async () => {
    const t = await makeTestApp();
    for (let i = 0; i < rules.loginFailureLimit; i++) await login(t, adminEmail, "wrong");
    const db = openDb(t.deps.config.databasePath);
    const restarted: typeof t.deps = { ...t.deps, store: sqliteStore(db) };
    const app = createApp(restarted, { jwtSecret });
    const body = JSON.stringify({ email: adminEmail, password: adminPassword });
    const res = await app.handle(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body }));
    expect(res.status).toBe(429);
    db.sqlite.close();
  });

  test("rows of ended windows are removed", async () => {
    const t = await makeTestApp();
    const rows = () => t.db.select().from(loginThrottle).all().map((r) => r.key).sort();
    t.setNow("2026-03-10T12:00:00Z");
    for (const from of ["192.0.2.10", "192.0.2.11", "192.0.2.12"]) await login(t, adminEmail, "wrong", from);
    expect(rows()).toHaveLength(6); // one address key and one address-with-account key each
    t.setNow("2026-03-10T12:15:00Z");
    await login(t, adminEmail, "wrong", "192.0.2.13");
    expect(rows()).toEqual(["addr:192.0.2.13", `pair:192.0.2.13|${adminEmail}`]);
  });

  test("IPv6 clients are counted per /64 network, which one subscriber usually holds whole", async () => {
    const t = await makeTestApp();
    for (let i = 0; i < rules.loginFailureLimit; i++) await login(t, adminEmail, "wrong", `2001:db8:1:2::${i + 1}`);
    expect((await login(t, adminEmail, adminPassword, "2001:db8:1:2:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await login(t, adminEmail, adminPassword, "2001:db8:1:3::1")).status).toBe(200);
  });

  test("an IPv4 client seen through an IPv6 socket counts as the same IPv4 address", async () => {
    const t = await makeTestApp();
    for (let i = 0; i < rules.loginFailureLimit; i++) await login(t, adminEmail, "wrong", "::ffff:203.0.113.70");
    expect((await login(t, adminEmail, adminPassword, "203.0.113.70")).status).toBe(429);
  });
});

describe("client address through the real server", () => {
  // Two processes on one database, both behind a trusted proxy on loopback.
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const env = { SKIP_WEB_BUILD: "1", SEED_DEMO: "false", TRUST_PROXY: "127.0.0.1,::1" };
    first = await startTestServer(env, { keep: true });
    second = await startTestServer({ ...env, DATABASE_PATH: first.databasePath });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    first?.removeDir();
  });

  const post = (server: TestServer, password: string, headers: Record<string, string> = {}, email = server.adminEmail) =>
    fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ email, password }) });

  test("X-Forwarded-For is ignored without TRUST_PROXY: changing it does not escape the address limit", async () => {
    const plain = await startTestServer({ SKIP_WEB_BUILD: "1", SEED_DEMO: "false" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < rules.loginAddressFailureLimit + 2; i++) {
        statuses.push((await post(plain, "wrong", { "x-forwarded-for": `198.51.100.${i + 1}` }, `user${i}@refbot.test`)).status);
      }
      expect(statuses).toEqual([...Array(rules.loginAddressFailureLimit).fill(401), 429, 429]);
    } finally {
      await plain.stop();
    }
  });

  test("from a trusted proxy, the right-most X-Forwarded-For entry that is not a trusted proxy is the client", async () => {
    // The attacker writes a spoofed entry; the proxy appends the address it really saw.
    const attacker = { "x-forwarded-for": "198.51.100.9, 203.0.113.7" };
    for (let i = 0; i < rules.loginFailureLimit; i++) expect((await post(first, `guess ${i}`, attacker)).status).toBe(401);
    const refused = await post(second, first.adminPassword, attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(windowSeconds - 60);
    // Neither the spoofed address nor the attacker's behind another trusted hop is the admin.
    expect((await post(first, first.adminPassword, { "x-forwarded-for": "198.51.100.9" })).status).toBe(200);
    expect((await post(first, first.adminPassword, { "x-forwarded-for": "203.0.113.7, 127.0.0.1" })).status).toBe(429);
  });

  test("a burst split across two server processes on one database still checks at most 5 passwords", async () => {
    const headers = { "x-forwarded-for": "192.0.2.77" };
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(i % 2 ? second : first, i === 31 ? first.adminPassword : `wrong ${i}`, headers)),
    );
    const counts = tally(replies.map((r) => r.status));
    const checked = (counts[401] ?? 0) + (counts[200] ?? 0);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(rules.loginFailureLimit);
    expect(counts[429]).toBe(60 - checked);
  });
});
