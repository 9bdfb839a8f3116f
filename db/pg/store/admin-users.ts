// The admin-users statements on PostgreSQL.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { ledger, referrals, users } from "@/db/pg/schema/index.ts";
import type { AdminUserStatements } from "@/domain/statements/admin-users.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

/**
 * The search keys in the "C" collation, which compares code point by code point as the range
 * asks (under a language's collation a prefix's range can leave out names that start with it).
 * The indexes on lower(username) and lower(wallet_bep20) serve it only if they are in "C" too.
 */
const searchKeys = { username: sql`lower(${users.username}) collate "C"`, wallet: sql`lower(${users.walletBep20}) collate "C"` };

export function adminUserStatements(db: PgRunner): AdminUserStatements {
  return {
    *userById(id) {
      return (yield* awaiting(db.select().from(users).where(eq(users.id, id))))[0];
    },
    *userByTgId(tgId) {
      return (yield* awaiting(db.select().from(users).where(eq(users.tgId, tgId))))[0];
    },
    *referrerOf(userId) {
      const referrer = { id: users.id, tgId: users.tgId, username: users.username, firstName: users.firstName, lastName: users.lastName };
      return (yield* awaiting(db.select(referrer).from(referrals).innerJoin(users, eq(users.id, referrals.referrerId)).where(eq(referrals.referredId, userId))))[0];
    },
    *newestUsers(limit, before) {
      return yield* awaiting(db.select().from(users).where(before ? lt(users.id, before) : undefined).orderBy(desc(users.id)).limit(limit));
    },
    *usersInRange(key, from, to, limit) {
      const column = searchKeys[key];
      return yield* awaiting(db.select().from(users).where(and(sql`${column} >= ${from}`, sql`${column} < ${to}`)).orderBy(column).limit(limit));
    },
    *setBanned(id, isBanned, banReason) {
      return (yield* awaiting(db.update(users).set({ isBanned, banReason }).where(eq(users.id, id)).returning()))[0];
    },
    *ledgerEntry(id) {
      return (yield* awaiting(db.select().from(ledger).where(eq(ledger.id, id))))[0];
    },
    *ledgerOf(userId, limit, before) {
      return yield* awaiting(db.select().from(ledger).where(and(eq(ledger.userId, userId), before ? lt(ledger.id, before) : undefined)).orderBy(desc(ledger.id)).limit(limit));
    },
  };
}
