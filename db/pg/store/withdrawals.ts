// Withdrawal statements on PostgreSQL.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { users, withdrawals } from "@/db/pg/schema/index.ts";
import { withdrawalRowColumns } from "@/db/selections.ts";
import { withdrawalFilterWhere } from "@/db/filters.ts";
import type { Withdrawal } from "@/domain/model/index.ts";
import type { WithdrawalStatements } from "@/domain/statements/withdrawals.ts";
import { awaiting } from "@/domain/store.ts";
import { pgErrorOf, type PgRunner } from "./runner.ts";

/**
 * The requester is not banned, read by the update itself. A ban committing while the update runs
 * moves the same row (its refund), so the update waits for it and then finds the request closed.
 */
const userNotBanned = sql`not exists (select 1 from users u where u.id = ${sql.raw("withdrawals.user_id")} and u.is_banned)`;

const row = withdrawalRowColumns(withdrawals, users);

export function withdrawalStatements(db: PgRunner): WithdrawalStatements {
  const select = () => db.select(row).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId));
  return {
    *walletOf(userId) {
      const [user] = yield* awaiting(db.select({ wallet: users.walletBep20 }).from(users).where(eq(users.id, userId)));
      return user?.wallet;
    },
    *insertOpen(values) {
      // ON CONFLICT instead of catching the violation: a failed statement would abort the whole
      // transaction. The one-open-request index is the only unique index a new row can meet.
      const [inserted] = yield* awaiting(db.insert(withdrawals).values(values).onConflictDoNothing().returning());
      return inserted ?? null;
    },
    *move(id, from, set, unlessUserBanned) {
      // The row is locked first, so the status read is the one the update moves from: a move
      // committing meanwhile (a ban's refund) is waited for, and its status read.
      const [before] = yield* awaiting(db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)).for("update"));
      if (!before || !from.includes(before.status)) return undefined;
      const update = (on: PgRunner) =>
        on
          .update(withdrawals)
          .set(set)
          .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from), unlessUserBanned ? userNotBanned : undefined))
          .returning();
      const movedFrom = (rows: Withdrawal[]) => rows[0] && { ...rows[0], movedFrom: before.status };
      if (set.txHash == null) return movedFrom(yield* awaiting(update(db)));
      // In a savepoint: a hash refused by its unique index must leave the transaction usable, to
      // read which withdrawal the hash paid.
      try {
        return movedFrom(yield* awaiting(db.transaction((savepoint) => update(savepoint))));
      } catch (error) {
        const { state, constraint } = pgErrorOf(error);
        if (state === "23505" && constraint === "withdrawals_tx_hash_unique") return "tx hash used";
        throw error;
      }
    },
    *stateOf(id) {
      const [found] = yield* awaiting(
        db.select({ status: withdrawals.status, userBanned: users.isBanned }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(eq(withdrawals.id, id)),
      );
      return found;
    },
    *paidWith(hash) {
      const [found] = yield* awaiting(
        db.select({ id: withdrawals.id }).from(withdrawals).where(sql`${withdrawals.txHash} is not null and lower(${withdrawals.txHash}) = ${hash}`),
      );
      return found?.id;
    },
    *find(id) {
      return (yield* awaiting(select().where(eq(withdrawals.id, id))))[0];
    },
    *list(filter) {
      return yield* awaiting(
        select()
          .where(withdrawalFilterWhere(withdrawals, filter))
          .orderBy(desc(withdrawals.id))
          .limit(filter.limit),
      );
    },
    *countByStatus(status) {
      const [counted] = yield* awaiting(db.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(eq(withdrawals.status, status)));
      return counted!.n;
    },
  };
}
