// The ledger's statements on PostgreSQL. Each balance change is one conditional UPDATE: under
// READ COMMITTED a second writer waits for the row and evaluates the condition again on the
// committed balance, so two debits can never both pass on one balance. Plain SQL (runner.ts), as
// every task completion runs them.
import type { LedgerStatements } from "@/domain/statements/ledger.ts";
import { awaiting } from "@/domain/store.ts";
import { clientOf, int8, type PgRunner } from "./runner.ts";

/**
 * What a credit changes on the user's row `u`, its parameters from $`p`: the amount, then for
 * earnings the day. Shared with the completion that credits in the same write (tasks.ts).
 */
export const creditSets = (earning: boolean, p: number) =>
  earning
    ? `balance = u.balance + $${p}, total_earned = u.total_earned + $${p},
       earned_today = case when u.earned_day = $${p + 1} then u.earned_today + $${p} else $${p} end, earned_day = $${p + 1}`
    : `balance = u.balance + $${p}`;

/** The credit's limit on row `u`: the amount is $`p`, the limit $`q`. */
export const creditFits = (earning: boolean, p: number, q: number) =>
  earning ? `u.balance + $${p} <= $${q} and u.total_earned + $${p} <= $${q}` : `u.balance + $${p} <= $${q}`;

/** The parameters creditSets and creditFits take, in order. */
export const creditParams = (amount: number, earning: boolean, day: string, limit: number) => (earning ? [amount, day, limit] : [amount, limit]);

const addEarning = `update users u set ${creditSets(true, 2)} where u.id = $1 and ${creditFits(true, 2, 4)}`;
const addOther = `update users u set ${creditSets(false, 2)} where u.id = $1 and ${creditFits(false, 2, 3)}`;

export function ledgerStatements(db: PgRunner): LedgerStatements {
  const sql = clientOf(db);
  return {
    *addToBalance({ userId, amount, earning, day, limit }) {
      const rows = yield* awaiting(sql.unsafe(earning ? addEarning : addOther, [userId, ...creditParams(amount, earning, day, limit)]));
      return rows.count === 1;
    },
    *takeFromBalance(userId, amount) {
      const rows = yield* awaiting(sql`update users set balance = balance - ${amount} where id = ${userId} and balance >= ${amount}`);
      return rows.count === 1;
    },
    *insertEntry(row) {
      const [entry] = yield* awaiting(
        sql`insert into ledger (user_id, type, reason, amount, ref_id, note, created_at)
          values (${row.userId}, ${row.type}, ${row.reason}, ${row.amount}, ${row.refId}, ${row.note}, ${row.at}) returning id`,
      );
      return int8(entry.id);
    },
    *userExists(userId) {
      return (yield* awaiting(sql`select 1 from users where id = ${userId}`)).length > 0;
    },
  };
}
