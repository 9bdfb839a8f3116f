// User statements on SQLite. The lookup by Telegram id runs on every request: plain SQL read with
// the row reader (see row-reader.ts).
import type { Db } from "@/db/client.ts";
import { asc, eq, sql } from "@/db/ops.ts";
import { rowReader } from "@/db/row-reader.ts";
import { referrals, users } from "@/db/schema/index.ts";
import type { UserStatements } from "@/domain/statements/users.ts";

const userRow = rowReader(users);

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
      try {
        return db.update(users).set({ walletBep20: address }).where(eq(users.id, id)).returning().get()!;
      } catch (error) {
        if (String(error).includes("UNIQUE")) return "taken";
        throw error;
      }
    },
    *walletOwner(address) {
      return db.select({ id: users.id }).from(users).where(sql`lower(${users.walletBep20}) = ${address.toLowerCase()}`).get()?.id;
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
