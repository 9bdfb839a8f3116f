// User statements on SQLite. The lookup by Telegram id runs on every request: plain SQL read with
// the row reader (see row-reader.ts).
import type { Db } from "@/db/sqlite/client.ts";
import { and, asc, eq, ne, sql } from "@/db/ops.ts";
import { rowReader } from "@/db/row-reader.ts";
import { referrals, users } from "@/db/sqlite/schema/index.ts";
import type { UserStatements } from "@/domain/statements/users.ts";

const userRow = rowReader(users);
/** The expression users_wallet_idx indexes, so a look-up by address uses it. */
const sameWallet = (address: string) => sql`lower(${users.walletBep20}) = ${address.toLowerCase()}`;

export function userStatements(db: Db): UserStatements {
  const byTgId = `select ${userRow.select()} from users where tg_id = ?`;
  return {
    *byId(id) {
      return db.select().from(users).where(eq(users.id, id)).get();
    },
    *byTgId(tgId) {
      // query() compiles once per connection, on first use (after the migrations).
      return userRow.read(db.$client.query<unknown[], [number]>(byTgId).values(tgId)[0]);
    },
    *byRefCode(refCode) {
      return db.select().from(users).where(eq(users.refCode, refCode)).get();
    },
    *insert(user) {
      return db.insert(users).values(user).onConflictDoNothing({ target: users.tgId }).returning().get() ?? null;
    },
    *addReferral(referredId, referrerId, at) {
      db.insert(referrals).values({ referredId, referrerId, createdAt: at }).run();
      db.update(users).set({ totalInvited: sql`${users.totalInvited} + 1` }).where(eq(users.id, referrerId)).run();
    },
    *setProfile(id, profile) {
      db.update(users).set(profile).where(eq(users.id, id)).run();
    },
    *setLanguage(id, language) {
      db.update(users).set({ language }).where(eq(users.id, id)).run();
    },
    *setWallet(id, address) {
      return db.update(users).set({ walletBep20: address }).where(eq(users.id, id)).returning().get()!;
    },
    *walletSharers(address, except, limit) {
      return db
        .select({ id: users.id })
        .from(users)
        .where(and(sameWallet(address), ne(users.id, except)))
        .orderBy(asc(users.id))
        .limit(limit)
        .all()
        .map((u) => u.id);
    },
    *walletOfBanned(address, except) {
      return db.select({ id: users.id }).from(users).where(and(sameWallet(address), ne(users.id, except), eq(users.isBanned, true))).limit(1).get() !== undefined;
    },
    *setReachable(tgId, reachable) {
      db.update(users).set({ isActive: reachable }).where(eq(users.tgId, tgId)).run();
    },
    *first() {
      return db.select().from(users).orderBy(asc(users.id)).limit(1).get();
    },
    *count() {
      return db.select({ n: sql<number>`count(*)` }).from(users).get()!.n;
    },
  };
}
