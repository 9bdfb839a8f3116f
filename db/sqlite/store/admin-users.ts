// The admin-users statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { and, desc, eq, lt, sql } from "@/db/ops.ts";
import { ledger, referrals, users } from "@/db/sqlite/schema/index.ts";
import type { AdminUserStatements } from "@/domain/statements/admin-users.ts";

/** The expressions users_username_lower_idx and users_wallet_idx index. SQLite compares text by its bytes, so by code point. */
const searchKeys = { username: sql`lower(${users.username})`, wallet: sql`lower(${users.walletBep20})` };

export function adminUserStatements(db: Db): AdminUserStatements {
  return {
    *userById(id) {
      return db.select().from(users).where(eq(users.id, id)).get();
    },
    *userByTgId(tgId) {
      return db.select().from(users).where(eq(users.tgId, tgId)).get();
    },
    *referrerOf(userId) {
      const referrer = { id: users.id, tgId: users.tgId, username: users.username, firstName: users.firstName, lastName: users.lastName };
      return db.select(referrer).from(referrals).innerJoin(users, eq(users.id, referrals.referrerId)).where(eq(referrals.referredId, userId)).get();
    },
    *newestUsers(limit, before) {
      return db.select().from(users).where(before ? lt(users.id, before) : undefined).orderBy(desc(users.id)).limit(limit).all();
    },
    *usersInRange(key, from, to, limit) {
      const column = searchKeys[key];
      return db.select().from(users).where(and(sql`${column} >= ${from}`, sql`${column} < ${to}`)).orderBy(column).limit(limit).all();
    },
    *setBanned(id, isBanned, banReason) {
      return db.update(users).set({ isBanned, banReason }).where(eq(users.id, id)).returning().get();
    },
    *ledgerEntry(id) {
      return db.select().from(ledger).where(eq(ledger.id, id)).get();
    },
    *ledgerOf(userId, limit, before) {
      return db.select().from(ledger).where(and(eq(ledger.userId, userId), before ? lt(ledger.id, before) : undefined)).orderBy(desc(ledger.id)).limit(limit).all();
    },
  };
}
