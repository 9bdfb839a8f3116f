// Grouped transactions (Store.transaction with `grouped`) on both engines: programs that arrive
// together share one commit, and each is still all or nothing on its own. On SQLite each runs in
// a savepoint of the batch; on PostgreSQL they run side by side in one transaction, which is
// rolled back whole when one fails and its units run again alone (db/pg/store/group-commit.ts).
import { expect } from "bun:test";
import { AppError } from "@/domain/errors.ts";
import { credit } from "@/domain/ledger.ts";
import type { Program } from "@/domain/store.ts";
import { forEachEngine } from "./support/engines.ts";

const at = new Date("2026-03-10T12:00:00Z");

/** Credits `amount` to the user, then fails as `how` says: a rule's refusal, or a statement PostgreSQL refuses. */
const creditThen =
  (userId: number, amount: number, how?: "refuse" | "bad statement"): Program<number> =>
  function* (tx) {
    const id = yield* credit(tx, { userId, amount, reason: "admin_adjustment", at });
    if (how === "refuse") throw new AppError("INSUFFICIENT_BALANCE", "refused after writing");
    // A ledger row for a user that does not exist: the foreign key refuses it.
    if (how === "bad statement") yield* tx.ledger.insertEntry({ userId: 999_999_999, type: "credit", reason: "admin_adjustment", amount, refId: null, note: null, at });
    return id;
  };

await forEachEngine(import.meta.path, (it) => {
  it("programs that arrive together all commit, each once", async (e) => {
    const users = await Promise.all(Array.from({ length: 12 }, () => e.addUser()));
    const ids = await Promise.all(users.map((u, i) => e.store.transaction(creditThen(u.id, 1000 + i), { grouped: true })));
    expect(new Set(ids).size).toBe(12);
    for (const [i, u] of users.entries()) {
      expect((await e.user(u.id)).balance).toBe(1000 + i);
      expect((await e.ledgerRows(u.id)).map((r) => r.amount)).toEqual([1000 + i]);
    }
  });

  it("a program that fails leaves nothing and fails alone; the others of its batch commit", async (e) => {
    const [a, b, c, d] = await Promise.all([e.addUser(), e.addUser(), e.addUser(), e.addUser()]);
    const outcomes = await Promise.allSettled([
      e.store.transaction(creditThen(a.id, 100), { grouped: true }),
      e.store.transaction(creditThen(b.id, 200, "refuse"), { grouped: true }),
      e.store.transaction(creditThen(c.id, 300, "bad statement"), { grouped: true }),
      e.store.transaction(creditThen(d.id, 400), { grouped: true }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(((outcomes[1] as PromiseRejectedResult).reason as AppError).code).toBe("INSUFFICIENT_BALANCE");
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).not.toContain("a unit of the batch failed");
    expect((await Promise.all([a, b, c, d].map((u) => e.user(u.id)))).map((u) => u.balance)).toEqual([100, 0, 0, 400]);
    expect((await Promise.all([a, b, c, d].map((u) => e.ledgerRows(u.id)))).map((rows) => rows.length)).toEqual([1, 0, 0, 1]);
  });

  it("on PostgreSQL, programs that arrive together share one transaction", async (e) => {
    if (e.store.engine !== "postgres") return;
    const users = await Promise.all(Array.from({ length: 8 }, () => e.addUser()));
    await Promise.all(users.map((u) => e.store.transaction(creditThen(u.id, 5), { grouped: true })));
    // Rows a transaction writes carry its id (xmin): one id for all eight ledger rows.
    const xmins = await e.exec(`select distinct xmin::text as x from ledger where user_id in (${users.map((u) => u.id).join(", ")})`);
    expect(xmins.length).toBe(1);
  });
});
