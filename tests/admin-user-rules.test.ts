// What admins do to users, on both engines, called as the routes call them: search by username,
// Telegram id and wallet; ban and unban with audit rows; adjustments through the ledger, which
// stays equal to the balance and refuses a debit past it, also when debits race through two
// server instances.
import { expect } from "bun:test";
import { adjustBalance, loadUser, searchUsers, setBanned, userLedger } from "@/domain/admin-users.ts";
import { usdt } from "@/domain/money.ts";
import { auditLog } from "@/domain/stats.ts";
import type { Store } from "@/domain/store.ts";
import { forEachEngine, type EngineFixture } from "./support/engines.ts";

const now = new Date("2026-03-10T12:00:00Z");
const depsOf = (store: Store) => ({ store, clock: () => now });
const code = (promise: Promise<unknown>) => promise.then(() => "ok", (error: { code?: string }) => error.code ?? String(error));
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** A user whose username and wallet are set as given (plain SQL both engines take). */
async function userNamed(e: EngineFixture, username: string | null, wallet: string | null = null) {
  const user = await e.addUser();
  const text = (value: string | null) => (value === null ? "null" : `'${value}'`);
  await e.exec(`update users set username = ${text(username)}, wallet_bep20 = ${text(wallet)} where id = ${user.id}`);
  return user;
}

/** Balance equals credits minus debits. */
async function expectLedgerKept(e: EngineFixture, userId: number) {
  const rows = await e.ledgerRows(userId);
  const sum = rows.reduce((total, r) => total + (r.type === "credit" ? r.amount : -r.amount), 0);
  expect((await e.user(userId)).balance).toBe(sum);
}

await forEachEngine(import.meta.path, (it) => {
  it("search: a username prefix in any case, with or without @; a Telegram id exactly; a wallet prefix in any case", async (e) => {
    const deps = depsOf(e.store);
    const alice = await userNamed(e, "Alice_W", "0xAB12cd34ef00000000000000000000000000000a");
    const alicia = await userNamed(e, "alicia", "0xab99000000000000000000000000000000000000");
    await userNamed(e, "malice");
    await userNamed(e, "alj");
    await userNamed(e, null);
    for (const q of ["ali", "ALI", "@ali", "  @Ali  "]) expect(ids(await searchUsers(deps, q, 10))).toEqual([alice.id, alicia.id]);
    expect(ids(await searchUsers(deps, "alice_", 10))).toEqual([alice.id]);
    expect(await searchUsers(deps, "lice", 10)).toEqual([]);
    expect(ids(await searchUsers(deps, "ali", 1))).toEqual([alice.id]);

    expect(ids(await searchUsers(deps, String(alicia.tgId), 10))).toEqual([alicia.id]);
    expect(await searchUsers(deps, String(alicia.tgId).slice(0, 4), 10)).toEqual([]);
    expect(await searchUsers(deps, "99999999999999999999", 10)).toEqual([]);

    expect(ids(await searchUsers(deps, "0xab", 10))).toEqual([alice.id, alicia.id]);
    expect(ids(await searchUsers(deps, "0XAB12CD", 10))).toEqual([alice.id]);
    expect((await searchUsers(deps, "0xab12cd34ef00000000000000000000000000000A", 10))[0]?.walletBep20).toBe("0xAB12cd34ef00000000000000000000000000000a");
    expect(await searchUsers(deps, "0xab13", 10)).toEqual([]);
  });

  it("search: an empty box lists everyone newest first, and `before` pages through with no gap or repeat", async (e) => {
    const deps = depsOf(e.store);
    const made = [];
    for (let i = 0; i < 7; i++) made.push((await e.addUser()).id);
    expect(ids(await searchUsers(deps, "", 50))).toEqual(made.toReversed());
    const seen: number[] = [];
    for (let before: number | undefined; ; ) {
      const page = await searchUsers(deps, undefined, 3, before);
      if (page.length === 0) break;
      seen.push(...ids(page));
      before = page.at(-1)!.id;
    }
    expect(seen).toEqual(made.toReversed());
  });

  it("ban and unban write the user and an audit row each; an unknown user is NOT_FOUND and leaves no row", async (e) => {
    const deps = depsOf(e.store);
    const admin = await e.addAdmin();
    const user = await e.addUser();
    expect(await setBanned(deps, admin, user.id, true, "  multi-accounting  ")).toMatchObject({ id: user.id, isBanned: true, banReason: "multi-accounting" });
    expect(await loadUser(deps, user.id)).toMatchObject({ isBanned: true, banReason: "multi-accounting" });
    expect(await setBanned(deps, admin, user.id, true)).toMatchObject({ isBanned: true, banReason: null });
    expect(await setBanned(deps, admin, user.id, false)).toMatchObject({ isBanned: false, banReason: null });
    expect(await code(setBanned(deps, admin, 999_999, true))).toBe("NOT_FOUND");
    expect(await code(loadUser(deps, 999_999))).toBe("NOT_FOUND");

    const email = String((await e.exec(`select email from admins where id = ${admin}`))[0]!.email);
    expect((await auditLog(deps, 10)).map((a) => [a.adminId, a.adminEmail, a.action, a.targetType, a.targetId, a.detail])).toEqual([
      [admin, email, "user.unban", "user", user.id, { reason: null }],
      [admin, email, "user.ban", "user", user.id, { reason: null }],
      [admin, email, "user.ban", "user", user.id, { reason: "  multi-accounting  " }],
    ]);
  });

  it("adjust credits and debits through the ledger with the reason as note; a debit past the balance, no reason, no user write nothing", async (e) => {
    const deps = depsOf(e.store);
    const admin = await e.addAdmin();
    const user = await e.addUser();
    const credited = await adjustBalance(deps, admin, user.id, "2", "  support ticket #12  ");
    expect(credited.user).toMatchObject({ id: user.id, balance: usdt("2"), totalEarned: 0 });
    expect(credited.entry).toMatchObject({ userId: user.id, type: "credit", reason: "admin_adjustment", amount: usdt("2"), note: "support ticket #12" });
    const debited = await adjustBalance(deps, admin, user.id, "-1.50", "duplicate reward");
    expect(debited.user.balance).toBe(usdt("0.5"));
    expect(debited.entry).toMatchObject({ type: "debit", amount: usdt("1.5"), note: "duplicate reward" });

    expect(await code(adjustBalance(deps, admin, user.id, "-0.51", "too much"))).toBe("INSUFFICIENT_BALANCE");
    expect(await code(adjustBalance(deps, admin, user.id, "1", "   "))).toBe("VALIDATION_FAILED");
    expect(await code(adjustBalance(deps, admin, user.id, "0", "zero"))).toBe("INVALID_AMOUNT");
    expect(await code(adjustBalance(deps, admin, 999_999, "1", "nobody"))).toBe("NOT_FOUND");

    expect((await userLedger(deps, user.id, 10)).map((r) => [r.id, r.type, r.amount])).toEqual([
      [debited.entry.id, "debit", usdt("1.5")],
      [credited.entry.id, "credit", usdt("2")],
    ]);
    expect(ids(await userLedger(deps, user.id, 1))).toEqual([debited.entry.id]);
    // The next page starts below the last id shown, and holds only this user's entries.
    await adjustBalance(deps, admin, (await e.addUser()).id, "3", "someone else");
    expect(ids(await userLedger(deps, user.id, 1, debited.entry.id))).toEqual([credited.entry.id]);
    expect(ids(await userLedger(deps, user.id, 10, credited.entry.id))).toEqual([]);
    expect((await auditLog(deps, 10)).slice(1).map((a) => [a.action, a.targetId, a.detail])).toEqual([
      ["user.adjust", user.id, { amount: "-1.50", reason: "duplicate reward" }],
      ["user.adjust", user.id, { amount: "2.00", reason: "support ticket #12" }],
    ]);
    await expectLedgerKept(e, user.id);
    expect((await e.user(user.id)).balance).toBe(usdt("0.5"));
  });

  it("20 debits of 1 racing through two instances on a balance of 10: ten pass, the balance ends at zero", async (e) => {
    const instances = [depsOf(e.store), depsOf(await e.another())];
    const admin = await e.addAdmin();
    const user = await e.addUser();
    await adjustBalance(instances[0]!, admin, user.id, "10", "funds");
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => code(adjustBalance(instances[i % 2]!, admin, user.id, "-1", `debit ${i}`))));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(10);
    expect(new Set(outcomes.filter((o) => o !== "ok"))).toEqual(new Set(["INSUFFICIENT_BALANCE"]));
    expect((await e.user(user.id)).balance).toBe(0);
    expect(await auditLog(instances[1]!, 50)).toHaveLength(11);
    await expectLedgerKept(e, user.id);
  }, 30_000);
});
