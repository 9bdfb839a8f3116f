// Admin accounts and the sign-in throttle on both engines, called as the server calls them:
// ensureAdmin is idempotent (also when two instances start at once), a changed password revokes
// the old tokens, and the throttle's limits hold for attempts racing through two instances.
import { expect } from "bun:test";
import { ensureAdmin, getAdmin, revokeTokens, verifyLogin } from "@/domain/admins.ts";
import { createLoginThrottle } from "@/domain/login-throttle.ts";
import { rules } from "@/domain/rules.ts";
import { auditLog } from "@/domain/stats.ts";
import type { Store } from "@/domain/store.ts";
import { forEachEngine } from "./support/engines.ts";

const now = new Date("2026-03-10T12:00:00Z");
const depsOf = (store: Store) => ({ store, clock: () => now });
const code = (promise: Promise<unknown>) => promise.then(() => "ok", (error: { code?: string }) => error.code ?? String(error));
/** How many of each outcome. */
const tally = (outcomes: string[]) => outcomes.reduce<Record<string, number>>((n, o) => ({ ...n, [o]: (n[o] ?? 0) + 1 }), {});

await forEachEngine(import.meta.path, (it) => {
  it("ensureAdmin creates once, then finds; a new password replaces the old and revokes its tokens", async (e) => {
    const deps = depsOf(e.store);
    const first = await ensureAdmin(deps, "  Ops@Example.com ", "first password 123");
    expect(first).toMatchObject({ email: "ops@example.com", tokenVersion: 0 });
    expect(await ensureAdmin(deps, "ops@example.com", "first password 123")).toEqual(first);

    const changed = await ensureAdmin(deps, "ops@example.com", "second password 456");
    expect(changed).toMatchObject({ id: first.id, tokenVersion: 1 });
    const throttle = createLoginThrottle(deps);
    expect((await verifyLogin(deps, throttle, "192.0.2.1", "OPS@example.com", "second password 456")).id).toBe(first.id);
    expect(await code(verifyLogin(deps, throttle, "192.0.2.1", "ops@example.com", "first password 123"))).toBe("INVALID_CREDENTIALS");
    expect(await code(verifyLogin(deps, throttle, "192.0.2.1", "nobody@example.com", "second password 456"))).toBe("INVALID_CREDENTIALS");

    await revokeTokens(deps, first.id);
    expect((await getAdmin(deps, first.id))?.tokenVersion).toBe(2);
    expect(await getAdmin(deps, 999_999)).toBeUndefined();
    // Created once: one row, one audit entry, made by no admin.
    expect((await e.exec("select id from admins")).map((r) => Number(r.id))).toEqual([first.id]);
    expect((await auditLog(deps, 10)).map((a) => [a.action, a.adminId, a.adminEmail, a.targetId, a.detail])).toEqual([
      ["admin.add", null, null, first.id, { email: "ops@example.com", role: "owner" }],
    ]);
  });

  it("two instances ensuring the same admin at once end with one admin, and both answer it", async (e) => {
    const instances = [depsOf(e.store), depsOf(await e.another())];
    const answers = await Promise.all(instances.map((deps) => ensureAdmin(deps, "boot@example.com", "boot password 123")));
    expect(answers[0]!.id).toBe(answers[1]!.id);
    expect(await e.exec("select id from admins")).toHaveLength(1);
  });

  it("30 attempts for one account from one address, racing through two instances: exactly the limit is counted", async (e) => {
    const throttles = [createLoginThrottle(depsOf(e.store)), createLoginThrottle(depsOf(await e.another()))];
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => code(throttles[i % 2]!.start("203.0.113.7", "admin@example.com"))));
    expect(tally(outcomes)).toEqual({ ok: rules.loginFailureLimit, TOO_MANY_ATTEMPTS: 30 - rules.loginFailureLimit });
    // Another address is not held back by this one's failures.
    expect(await code(throttles[0]!.start("198.51.100.9", "admin@example.com"))).toBe("ok");
  }, 30_000);

  it("30 attempts for 30 accounts from one address, racing through two instances: exactly the address limit is counted", async (e) => {
    const throttles = [createLoginThrottle(depsOf(e.store)), createLoginThrottle(depsOf(await e.another()))];
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => code(throttles[i % 2]!.start("203.0.113.8", `user${i}@example.com`))));
    expect(tally(outcomes)).toEqual({ ok: rules.loginAddressFailureLimit, TOO_MANY_ATTEMPTS: 30 - rules.loginAddressFailureLimit });
  }, 30_000);

  it("a success forgives the account's failures and returns the address its attempt; a window ends on time, and its rows are swept", async (e) => {
    let at = now;
    const deps = { store: e.store, clock: () => at };
    const throttle = createLoginThrottle(deps);
    const attempt = () => code(throttle.start("192.0.2.5", "admin@example.com"));
    for (let i = 0; i < rules.loginFailureLimit - 1; i++) expect(await attempt()).toBe("ok");
    await (await throttle.start("192.0.2.5", "admin@example.com")).succeeded();
    const counts = async () => Object.fromEntries((await e.exec("select key, attempts from login_throttle order by key")).map((r) => [r.key, Number(r.attempts)]));
    expect(await counts()).toEqual({ "addr:192.0.2.5": rules.loginFailureLimit - 1 });

    for (let i = 0; i < rules.loginFailureLimit; i++) expect(await attempt()).toBe("ok");
    const refused = await throttle.start("192.0.2.5", "admin@example.com").catch((error) => error);
    expect(refused).toMatchObject({ code: "TOO_MANY_ATTEMPTS", extra: { retryAfterSeconds: rules.loginFailureWindowMs / 1000 } });

    at = new Date(now.getTime() + rules.loginFailureWindowMs);
    expect(await code(createLoginThrottle(deps).start("192.0.2.6", "admin@example.com"))).toBe("ok");
    expect(await counts()).toEqual({ "addr:192.0.2.6": 1, "pair:192.0.2.6|admin@example.com": 1 });
    expect(await attempt()).toBe("ok");
  });
});
