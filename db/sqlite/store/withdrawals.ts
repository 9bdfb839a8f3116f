// Withdrawal statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { and, desc, eq, inArray, sql } from "@/db/ops.ts";
import { users, withdrawals } from "@/db/sqlite/schema/index.ts";
import { withdrawalRowColumns } from "@/db/selections.ts";
import { withdrawalFilterWhere } from "@/db/filters.ts";
import type { WithdrawalStatements } from "@/domain/statements/withdrawals.ts";

/**
 * The requester is not banned, read by the update itself. A ban committing while the update runs
 * moves the same row (its refund), so the update waits for it and then finds the request closed.
 */
const userNotBanned = sql`not exists (select 1 from users u where u.id = ${sql.raw("withdrawals.user_id")} and u.is_banned)`;

const row = withdrawalRowColumns(withdrawals, users);

export function withdrawalStatements(db: Db): WithdrawalStatements {
  const select = () => db.select(row).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId));
  return {
    *walletOf(userId) {
      return db.select({ wallet: users.walletBep20 }).from(users).where(eq(users.id, userId)).get()?.wallet;
    },
    *insertOpen(values) {
      // The one-open-request index is the only unique index a new row can meet.
      return db.insert(withdrawals).values(values).onConflictDoNothing().returning().get() ?? null;
    },
    *move(id, from, set, unlessUserBanned) {
      // Read in the same IMMEDIATE transaction as the update, so nothing moves the row in between.
      const before = db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)).get();
      if (!before || !from.includes(before.status)) return undefined;
      try {
        const moved = db
          .update(withdrawals)
          .set(set)
          .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from), unlessUserBanned ? userNotBanned : undefined))
          .returning()
          .get();
        return moved && { ...moved, movedFrom: before.status };
      } catch (error) {
        if (String(error).includes("withdrawals_tx_hash_unique")) return "tx hash used";
        throw error;
      }
    },
    *stateOf(id) {
      return db.select({ status: withdrawals.status, userBanned: users.isBanned }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(eq(withdrawals.id, id)).get();
    },
    *paidWith(hash) {
      return db.select({ id: withdrawals.id }).from(withdrawals).where(sql`${withdrawals.txHash} is not null and lower(${withdrawals.txHash}) = ${hash}`).get()?.id;
    },
    *find(id) {
      return select().where(eq(withdrawals.id, id)).get();
    },
    *list(f) {
      return select()
        .where(withdrawalFilterWhere(withdrawals, f))
        .orderBy(desc(withdrawals.id))
        .limit(f.limit)
        .all();
    },
    *countByStatus(status) {
      return db.select({ n: sql<number>`count(*)` }).from(withdrawals).where(eq(withdrawals.status, status)).get()!.n;
    },
  };
}
