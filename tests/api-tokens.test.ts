// API tokens over the API, on both engines: made by an owner and shown once, kept as a hash, used
// as a bearer within their scopes and their creator's role, refused once expired or revoked,
// untouched by signing out, and their last use written at most once a minute.
import { describe, expect } from "bun:test";
import { createHash } from "node:crypto";
import { sql } from "@/db/ops.ts";
import { addAdmin } from "@/domain/admins.ts";
import { setAdminRole } from "@/domain/admin-roles.ts";
import { adminEmail, forEachAppEngine, type TestApp } from "./support/app.ts";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  async function makeToken(t: TestApp, body: { name: string; scopes: string[]; expires?: string }) {
    const res = await t.request("POST", "/api/admin/tokens", { headers: await t.adminHeaders(), body });
    if (res.status !== 201) throw new Error(`token not made: ${JSON.stringify(res.body)}`);
    return res.body as { id: number; token: string; name: string; scopes: string[]; expiresAt: string | null };
  }

  describe("making and listing", () => {
    test("the token is answered once, rbt_…; only its SHA-256 is stored; the list never shows either", async () => {
      const t = await makeTestApp();
      t.setNow("2026-05-01T10:00:00Z");
      const made = await makeToken(t, { name: "cron", scopes: ["risk:release", "broadcast:flush"], expires: "90d" });
      expect(made).toMatchObject({ name: "cron", scopes: ["risk:release", "broadcast:flush"], expiresAt: "2026-07-30T10:00:00.000Z", lastUsedAt: null });
      expect(made.token).toMatch(/^rbt_[A-Za-z0-9_-]{43}$/);
      const [row] = await t.rows("apiTokens");
      expect(row!.tokenHash).toBe(createHash("sha256").update(made.token).digest("hex"));
      expect(JSON.stringify(await t.snapshot())).not.toContain(made.token);
      const all = await t.all(sql`select * from api_tokens`);
      expect(JSON.stringify(all)).not.toContain(made.token);
      const list = await t.request("GET", "/api/admin/tokens", { headers: await t.adminHeaders() });
      expect(list.body).toEqual([
        { id: made.id, name: "cron", scopes: ["risk:release", "broadcast:flush"], createdBy: expect.any(Number), createdAt: "2026-05-01T10:00:00.000Z", lastUsedAt: null, expiresAt: "2026-07-30T10:00:00.000Z" },
      ]);
      expect(JSON.stringify(list.body)).not.toContain(row!.tokenHash);
      const [entry] = (await t.request("GET", "/api/admin/audit?action=token.create", { headers: await t.adminHeaders() })).body;
      expect(entry).toMatchObject({ adminEmail, targetType: "api_token", targetId: made.id, detail: { name: "cron", scopes: ["risk:release", "broadcast:flush"] } });
    });

    test("a name is unique; scopes must be known and named; an expiry must be a span or a date ahead", async () => {
      const t = await makeTestApp();
      t.setNow("2026-05-01T10:00:00Z");
      const headers = await t.adminHeaders();
      await makeToken(t, { name: "cron", scopes: ["stats:read"] });
      const post = (body: unknown) => t.request("POST", "/api/admin/tokens", { headers, body });
      expect((await post({ name: "cron", scopes: ["stats:read"] })).body.code).toBe("ALREADY_EXISTS");
      expect((await post({ name: "x", scopes: ["stats:write"] })).status).toBe(400);
      expect((await post({ name: "x", scopes: [] })).status).toBe(400);
      expect((await post({ name: "bad name!", scopes: ["stats:read"] })).body).toMatchObject({ code: "VALIDATION_FAILED", field: "name" });
      expect((await post({ name: "x", scopes: ["stats:read"], expires: "soon" })).body).toMatchObject({ code: "VALIDATION_FAILED", field: "expires" });
      expect((await post({ name: "x", scopes: ["stats:read"], expires: "2026-04-01" })).body.message).toContain("future");
      expect((await post({ name: "y", scopes: ["stats:read"], expires: "12h" })).body.expiresAt).toBe("2026-05-01T22:00:00.000Z");
      expect((await post({ name: "z", scopes: ["stats:read"], expires: "2027-01-31" })).body.expiresAt).toBe("2027-01-31T00:00:00.000Z");
    });

    test("only an owner makes, lists or revokes tokens", async () => {
      const t = await makeTestApp();
      await addAdmin(t.deps, "ops@refbot.test", "a long enough password", "admin");
      const login = await t.request("POST", "/api/auth/login", { body: { email: "ops@refbot.test", password: "a long enough password" } });
      const headers = bearer(login.body.token);
      expect((await t.request("POST", "/api/admin/tokens", { headers, body: { name: "mine", scopes: ["stats:read"] } })).body.code).toBe("FORBIDDEN_ROLE");
      expect((await t.request("GET", "/api/admin/tokens", { headers })).body.code).toBe("FORBIDDEN_ROLE");
      expect((await t.request("POST", "/api/admin/tokens/1/revoke", { headers })).body.code).toBe("FORBIDDEN_ROLE");
    });
  });

  describe("calling with a token", () => {
    test("a scope it holds passes; one it lacks is 403 FORBIDDEN_SCOPE and writes nothing", async () => {
      const t = await makeTestApp();
      const user = await t.makeUser();
      const { token } = await makeToken(t, { name: "reports", scopes: ["stats:read", "users:read"] });
      expect((await t.request("GET", "/api/admin/stats", { headers: bearer(token) })).status).toBe(200);
      expect((await t.request("GET", `/api/admin/users/${user.id}`, { headers: bearer(token) })).status).toBe(200);
      const before = JSON.stringify(await t.snapshot());
      const refused = await t.request("POST", `/api/admin/users/${user.id}/ban`, { headers: bearer(token), body: { reason: "x" } });
      expect(refused).toMatchObject({ status: 403, body: { code: "FORBIDDEN_SCOPE", scope: "users:write", token: "reports" } });
      expect(refused.body.message).toBe('The API token "reports" does not have the scope users:write');
      expect((await t.request("GET", "/api/admin/withdrawals", { headers: bearer(token) })).body.code).toBe("FORBIDDEN_SCOPE");
      // Owner-only routes too: a token never makes tokens unless it holds tokens:write.
      expect((await t.request("POST", "/api/admin/tokens", { headers: bearer(token), body: { name: "child", scopes: ["stats:read"] } })).body.code).toBe("FORBIDDEN_SCOPE");
      expect((await t.request("POST", "/api/auth/logout", { headers: bearer(token) })).body.code).toBe("FORBIDDEN_SCOPE");
      // The stats read above wrote last_used_at; nothing else moved.
      expect(JSON.stringify(await t.snapshot())).toBe(before);
    });

    test("GET /api/admin/me through a token: its creator, and the scopes the token may use", async () => {
      const t = await makeTestApp();
      const { token } = await makeToken(t, { name: "cron", scopes: ["broadcast:flush", "risk:release"] });
      expect((await t.request("GET", "/api/admin/me", { headers: bearer(token) })).body).toMatchObject({ email: adminEmail, role: "owner", scopes: ["risk:release", "broadcast:flush"], apiToken: "cron" });
    });

    test("its creator's role now still bounds it: demoted to viewer, a write scope is 403 FORBIDDEN_ROLE", async () => {
      const t = await makeTestApp();
      const { token } = await makeToken(t, { name: "cron", scopes: ["risk:release", "stats:read"] });
      expect((await t.request("POST", "/api/admin/risk/holds/release", { headers: bearer(token) })).status).toBe(200);
      const [owner] = await t.rows("admins");
      const other = await addAdmin(t.deps, "next@refbot.test", "a long enough password", "owner");
      await setAdminRole(t.deps, other, owner!.id, "viewer");
      const refused = await t.request("POST", "/api/admin/risk/holds/release", { headers: bearer(token) });
      expect(refused).toMatchObject({ status: 403, body: { code: "FORBIDDEN_ROLE" } });
      expect(refused.body.message).toContain("The API token's creator is viewer");
      expect((await t.request("GET", "/api/admin/stats", { headers: bearer(token) })).status).toBe(200);
    });

    test("an action through a token is audited as its creator's, naming the token", async () => {
      const t = await makeTestApp();
      const user = await t.makeUser();
      const { token } = await makeToken(t, { name: "moderation", scopes: ["users:write"] });
      expect((await t.request("POST", `/api/admin/users/${user.id}/ban`, { headers: bearer(token), body: { reason: "spam" } })).status).toBe(200);
      const [entry] = (await t.request("GET", "/api/admin/audit?action=user.ban", { headers: await t.adminHeaders() })).body;
      expect(entry).toMatchObject({ adminEmail, targetId: user.id, detail: { reason: "spam", apiToken: "moderation" } });
      // A session's own actions name no token.
      expect((await t.request("POST", `/api/admin/users/${user.id}/unban`, { headers: await t.adminHeaders() })).status).toBe(200);
      const [unban] = (await t.request("GET", "/api/admin/audit?action=user.unban", { headers: await t.adminHeaders() })).body;
      expect(unban.detail?.apiToken).toBeUndefined();
    });
  });

  describe("its life", () => {
    test("expired: 401 saying so, from the moment it expires", async () => {
      const t = await makeTestApp();
      t.setNow("2026-05-01T10:00:00Z");
      const { token } = await makeToken(t, { name: "short", scopes: ["stats:read"], expires: "1h" });
      t.setNow("2026-05-01T10:59:59Z");
      expect((await t.request("GET", "/api/admin/stats", { headers: bearer(token) })).status).toBe(200);
      t.setNow("2026-05-01T11:00:00Z");
      const res = await t.request("GET", "/api/admin/stats", { headers: bearer(token) });
      expect(res).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
      expect(res.body.message).toBe('The API token "short" expired at 2026-05-01T11:00:00.000Z: make a new one with refbot tokens create');
    });

    test("revoked: deleted, and 401 at once; revoking it again is 404", async () => {
      const t = await makeTestApp();
      const made = await makeToken(t, { name: "gone", scopes: ["stats:read"] });
      expect((await t.request("GET", "/api/admin/stats", { headers: bearer(made.token) })).status).toBe(200);
      const revoked = await t.request("POST", `/api/admin/tokens/${made.id}/revoke`, { headers: await t.adminHeaders() });
      expect(revoked).toMatchObject({ status: 200, body: { id: made.id, name: "gone" } });
      expect(await t.rows("apiTokens")).toEqual([]);
      const res = await t.request("GET", "/api/admin/stats", { headers: bearer(made.token) });
      expect(res).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
      expect(res.body.message).toContain("revoked");
      expect((await t.request("POST", `/api/admin/tokens/${made.id}/revoke`, { headers: await t.adminHeaders() })).status).toBe(404);
      const [entry] = (await t.request("GET", "/api/admin/audit?action=token.revoke", { headers: await t.adminHeaders() })).body;
      expect(entry).toMatchObject({ targetId: made.id, detail: { name: "gone" } });
    });

    test("signing out ends the creator's sessions, never the token", async () => {
      const t = await makeTestApp();
      const { token } = await makeToken(t, { name: "cron", scopes: ["stats:read"] });
      const session = await t.adminHeaders();
      expect((await t.request("POST", "/api/auth/logout", { headers: session })).status).toBe(200);
      expect((await t.request("GET", "/api/admin/stats", { headers: session })).status).toBe(401);
      expect((await t.request("GET", "/api/admin/stats", { headers: bearer(token) })).status).toBe(200);
    });

    test("last_used_at moves on use, at most once a minute", async () => {
      const t = await makeTestApp();
      t.setNow("2026-05-01T10:00:00Z");
      const { token } = await makeToken(t, { name: "cron", scopes: ["stats:read"] });
      const lastUsed = async () => (await t.rows("apiTokens"))[0]!.lastUsedAt?.toISOString() ?? null;
      expect(await lastUsed()).toBeNull();
      const call = async (at: string) => {
        t.setNow(at);
        expect((await t.request("GET", "/api/admin/stats", { headers: bearer(token) })).status).toBe(200);
        return lastUsed();
      };
      expect(await call("2026-05-01T10:05:00Z")).toBe("2026-05-01T10:05:00.000Z");
      expect(await call("2026-05-01T10:05:40Z")).toBe("2026-05-01T10:05:00.000Z");
      expect(await call("2026-05-01T10:06:00Z")).toBe("2026-05-01T10:06:00.000Z");
      expect((await t.request("GET", "/api/admin/tokens", { headers: await t.adminHeaders() })).body[0].lastUsedAt).toBe("2026-05-01T10:06:00.000Z");
    });

    test("an unknown rbt_ token is 401", async () => {
      const t = await makeTestApp();
      const res = await t.request("GET", "/api/admin/stats", { headers: bearer(`rbt_${"A".repeat(43)}`) });
      expect(res).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    });
  });
});
