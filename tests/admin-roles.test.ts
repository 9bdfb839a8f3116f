// Roles over the API, on both engines: every admin route of the app (its own list, so a route added
// tomorrow is walked too) refuses a role below its scope's with 403 FORBIDDEN_ROLE before reading
// its input, and lets the others through; an owner changes roles, audited; the last owner stays.
import { describe, expect } from "bun:test";
import { roleAllows, scopeNames, scopes, scopesOfRole, type Access } from "@/domain/access.ts";
import { setAdminRole } from "@/domain/admin-roles.ts";
import { addAdmin } from "@/domain/admins.ts";
import type { AdminRole } from "@/domain/model/index.ts";
import { adminEmail, forEachAppEngine, type TestApp } from "./support/app.ts";
import { adminRoutesOf } from "./support/admin-routes.ts";

const password = "a long enough password";

/** Signs in as a new admin of `role`; answers their id and headers. */
async function signedIn(t: TestApp, role: AdminRole, email = `${role}-${crypto.randomUUID().slice(0, 8)}@refbot.test`) {
  const admin = await addAdmin(t.deps, email, password, role);
  const login = await t.request("POST", "/api/auth/login", { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { id: admin.id, email, headers: { authorization: `Bearer ${login.body.token}` } };
}

/** What a role may do with a route: through, or refused for its role. */
const allowed = (role: AdminRole, access: Access) => access === "self" || access === "session" || roleAllows(role, access);

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  describe("every admin route, walked as each role", () => {
    for (const role of ["viewer", "admin", "owner"] as const) {
      test(`${role}: 403 FORBIDDEN_ROLE exactly where the route's scope needs more, and nothing written there`, async () => {
        const t = await makeTestApp();
        await t.makeUser();
        await t.makeTask();
        const caller = role === "owner" ? { headers: await t.adminHeaders() } : await signedIn(t, role);
        // Signing out last, so the walk keeps its session.
        const routes = adminRoutesOf(t.app).sort((a, b) => Number(a.access === "session") - Number(b.access === "session"));
        const seen: string[] = [];
        const expected: string[] = [];
        for (const route of routes) {
          const before = route.method === "GET" ? "" : JSON.stringify(await t.snapshot());
          const res = await t.request(route.method, route.path, { headers: caller.headers, body: route.method === "GET" ? undefined : {} });
          const refused = res.status === 403 && res.body?.code === "FORBIDDEN_ROLE";
          seen.push(`${route.method} ${route.template} ${refused ? "refused" : "through"}`);
          expected.push(`${route.method} ${route.template} ${allowed(role, route.access) ? "through" : "refused"}`);
          if (refused) {
            expect(res.body.message).toContain(`Your role is ${role}`);
            if (before) expect(JSON.stringify(await t.snapshot())).toBe(before);
          } else {
            // Through: answered by the route itself (200, or its own 4xx for the empty input), never a 403.
            expect({ route: route.template, status: res.status }).not.toMatchObject({ status: 403 });
          }
        }
        expect(seen).toEqual(expected);
      });
    }

    test("reads are a viewer's (all but the owner's token list), writes never are; every GET needs a read scope", async () => {
      // What a scope allows is in its name: a :read scope reads (a viewer's, the tokens' list
      // aside), any other changes something and needs more than a viewer.
      for (const scope of scopeNames) {
        const least = scopes[scope].role;
        if (scope.endsWith(":read")) expect({ scope, least }).toEqual({ scope, least: scope === "tokens:read" ? "owner" : "viewer" });
        else expect({ scope, least }).not.toEqual({ scope, least: "viewer" });
      }
      const t = await makeTestApp();
      for (const route of adminRoutesOf(t.app)) {
        if (route.access !== "self" && route.access !== "session") expect(scopeNames).toContain(route.access);
        if (route.method === "GET") expect({ route: route.template, access: route.access }).toEqual({ route: route.template, access: expect.stringMatching(/:read$|^self$/) });
        // Every route that is not a read by its scope is refused a viewer (the walk above checks it is enforced).
        if (route.method !== "GET" && route.access !== "session" && route.access !== "self" && !route.access.endsWith(":read")) {
          expect({ route: route.template, allowed: allowed("viewer", route.access) }).toEqual({ route: route.template, allowed: false });
        }
      }
    });

    test("the input is read only after the role: a viewer's bad body is 403, not 400", async () => {
      const t = await makeTestApp();
      const viewer = await signedIn(t, "viewer");
      for (const [method, path, body] of [
        ["POST", "/api/admin/tasks", { title: 5 }],
        ["POST", "/api/admin/users/abc/adjust", { amount: "1e30" }],
        ["PATCH", "/api/admin/admins/1/role", { role: "emperor" }],
      ] as const) {
        expect((await t.request(method, path, { headers: viewer.headers, body })).body.code).toBe("FORBIDDEN_ROLE");
      }
    });
  });

  describe("GET /api/admin/me", () => {
    test("says each role and the scopes it allows", async () => {
      const t = await makeTestApp();
      expect((await t.request("GET", "/api/admin/me", { headers: await t.adminHeaders() })).body).toMatchObject({ email: adminEmail, role: "owner", scopes: scopeNames });
      const viewer = await signedIn(t, "viewer");
      const me = (await t.request("GET", "/api/admin/me", { headers: viewer.headers })).body;
      // And what the server offers for payouts: a test app checks nothing on chain and has no hot wallet.
      expect(me).toEqual({ id: viewer.id, email: viewer.email, role: "viewer", scopes: scopesOfRole("viewer"), payouts: { checkedOnChain: false, hotWallet: false } });
      expect(me.scopes).toContain("withdrawals:read");
      expect(me.scopes).not.toContain("withdrawals:write");
    });
  });

  describe("roles", () => {
    test("the bootstrap admin is an owner, a later one what was asked (admin by default), the first of a database an owner whatever was asked", async () => {
      const t = await makeTestApp();
      const rows = async () => (await t.rows("admins")).map((a) => [a.email, a.role]);
      expect(await rows()).toEqual([[adminEmail, "owner"]]);
      await addAdmin(t.deps, "plain@refbot.test", password);
      await addAdmin(t.deps, "seer@refbot.test", password, "viewer");
      expect(await rows()).toEqual([
        [adminEmail, "owner"],
        ["plain@refbot.test", "admin"],
        ["seer@refbot.test", "viewer"],
      ]);
    });

    test("an owner changes a role over the API, audited; an admin may not; the change applies to the next request", async () => {
      const t = await makeTestApp();
      const owner = await t.adminHeaders();
      const other = await signedIn(t, "admin");
      expect((await t.request("PATCH", `/api/admin/admins/${other.id}/role`, { headers: other.headers, body: { role: "owner" } })).body.code).toBe("FORBIDDEN_ROLE");
      const changed = await t.request("PATCH", `/api/admin/admins/${other.id}/role`, { headers: owner, body: { role: "viewer" } });
      expect(changed).toMatchObject({ status: 200, body: { id: other.id, email: other.email, role: "viewer" } });
      // Their session goes on, as a viewer now.
      expect((await t.request("POST", "/api/admin/broadcasts/flush", { headers: other.headers })).body.code).toBe("FORBIDDEN_ROLE");
      expect((await t.request("GET", "/api/admin/admins", { headers: other.headers })).body).toEqual([
        expect.objectContaining({ email: adminEmail, role: "owner" }),
        expect.objectContaining({ id: other.id, role: "viewer" }),
      ]);
      const [entry] = (await t.request("GET", "/api/admin/audit?action=admin.role", { headers: owner })).body;
      expect(entry).toMatchObject({ action: "admin.role", adminEmail, targetType: "admin", targetId: other.id, detail: { email: other.email, from: "admin", to: "viewer" } });
      expect((await t.request("PATCH", "/api/admin/admins/999999/role", { headers: owner, body: { role: "viewer" } })).status).toBe(404);
      expect((await t.request("PATCH", `/api/admin/admins/${other.id}/role`, { headers: owner, body: { role: "emperor" } })).status).toBe(400);
    });

    test("the last owner cannot be demoted, not even by themselves", async () => {
      const t = await makeTestApp();
      const owner = await t.adminHeaders();
      const [me] = await t.rows("admins");
      const res = await t.request("PATCH", `/api/admin/admins/${me!.id}/role`, { headers: owner, body: { role: "admin" } });
      expect(res).toMatchObject({ status: 409, body: { code: "LAST_OWNER" } });
      expect(res.body.message).toContain("last owner");
      expect((await t.rows("admins")).map((a) => a.role)).toEqual(["owner"]);
    });

    test("two owners demoting each other at the same moment leave one owner", async () => {
      const t = await makeTestApp();
      const first = { headers: await t.adminHeaders(), id: (await t.rows("admins"))[0]!.id };
      const second = await signedIn(t, "owner");
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all([
          t.request("PATCH", `/api/admin/admins/${second.id}/role`, { headers: first.headers, body: { role: "admin" } }),
          t.request("PATCH", `/api/admin/admins/${first.id}/role`, { headers: second.headers, body: { role: "admin" } }),
        ]);
        const statuses = answers.map((a) => (a.status === 200 ? "changed" : a.status === 409 ? a.body.code : `${a.status} ${a.body.code}`));
        const owners = (await t.rows("admins")).filter((a) => a.role === "owner");
        expect(owners).toHaveLength(1);
        // The one demoted first is no owner any more, so the other's demotion is refused for its role or as the last owner.
        expect(statuses.filter((s) => s === "changed")).toHaveLength(1);
        expect(statuses.filter((s) => s !== "changed")[0]).toMatch(/LAST_OWNER|403 FORBIDDEN_ROLE/);
        // Put both back for the next round.
        const survivor = owners[0]!.id === first.id ? first : second;
        const demoted = survivor === first ? second : first;
        expect((await t.request("PATCH", `/api/admin/admins/${demoted.id}/role`, { headers: survivor.headers, body: { role: "owner" } })).status).toBe(200);
      }
      // Past the sign-in checks, straight at the rule: both transactions start together, each
      // counting two owners, and only the owners' rows held between count and write keep one.
      for (let round = 0; round < 5; round++) {
        const results = await Promise.allSettled([setAdminRole(t.deps, first, second.id, "viewer"), setAdminRole(t.deps, second, first.id, "viewer")]);
        expect(results.map((r) => (r.status === "fulfilled" ? "changed" : (r.reason as { code: string }).code)).sort()).toEqual(["LAST_OWNER", "changed"]);
        const owners = (await t.rows("admins")).filter((a) => a.role === "owner");
        expect(owners).toHaveLength(1);
        await setAdminRole(t.deps, owners[0]!, owners[0]!.id === first.id ? second.id : first.id, "owner");
      }
    });
  });
});
