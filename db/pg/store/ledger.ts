// The ledger's statements on PostgreSQL. Each balance change is one conditional UPDATE: under
// READ COMMITTED a second writer waits for the row and evaluates the condition again on the
// committed balance, so two debits can never both pass on one balance.
import { and, eq, sql } from "drizzle-orm";
import { ledger, users } from "@/db/pg/schema/index.ts";
import type { LedgerStatements } from "@/domain/statements/ledger.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function ledgerStatements(db: PgRunner): LedgerStatements {
  return {
    *addToBalance({ userId, amount, earning, day, limit }) {
      const fits = and(eq(users.id, userId), sql`${users.balance} + ${amount} <= ${limit}`);
      const rows = yield* awaiting(
        earning
          ? db
              .update(users)
              .set({
                balance: sql`${users.balance} + ${amount}`,
                totalEarned: sql`${users.totalEarned} + ${amount}`,
                earnedToday: sql`case when ${users.earnedDay} = ${day} then ${users.earnedToday} + ${amount} else ${amount} end`,
                earnedDay: day,
              })
              .where(and(fits, sql`${users.totalEarned} + ${amount} <= ${limit}`))
              .returning({ id: users.id })
          : db.update(users).set({ balance: sql`${users.balance} + ${amount}` }).where(fits).returning({ id: users.id }),
      );
      return rows.length === 1;
    },
    *takeFromBalance(userId, amount) {
      const rows = yield* awaiting(
        db
          .update(users)
          .set({ balance: sql`${users.balance} - ${amount}` })
          .where(and(eq(users.id, userId), sql`${users.balance} >= ${amount}`))
          .returning({ id: users.id }),
      );
      return rows.length === 1;
    },
    *insertEntry(row) {
      const [entry] = yield* awaiting(
        db
          .insert(ledger)
          .values({ userId: row.userId, type: row.type, reason: row.reason, amount: row.amount, refId: row.refId, note: row.note, createdAt: row.at })
          .returning({ id: ledger.id }),
      );
      return entry!.id;
    },
    *userExists(userId) {
      const rows = yield* awaiting(db.select({ id: users.id }).from(users).where(eq(users.id, userId)));
      return rows.length > 0;
    },
  };
}
