// The ledger's statements on PostgreSQL. Each balance change is one conditional UPDATE: under
// READ COMMITTED a second writer waits for the row and evaluates the condition again on the
// committed balance, so two debits can never both pass on one balance. Plain SQL (runner.ts), as
// every task completion runs them.
import type { LedgerStatements } from "@/domain/statements/ledger.ts";
import { awaiting } from "@/domain/store.ts";
import { clientOf, int8, type PgRunner } from "./runner.ts";

/**
 * What a credit changes on the user's row `u`, given the SQL of its amount and, for earnings, of
 * the day. Shared with the completion that credits in the same write (tasks.ts).
 */
export const creditSets = (earning: boolean, v: { amount: string; day?: string }) =>
  earning
    ? `balance = u.balance + ${v.amount}, total_earned = u.total_earned + ${v.amount},
       earned_today = case when u.earned_day = ${v.day} then u.earned_today + ${v.amount} else ${v.amount} end, earned_day = ${v.day}`
    : `balance = u.balance + ${v.amount}`;

/**
 * The credit's conditions on row `u`, given the SQL of the amount, of the limit and of whether a
 * banned user is refused. The ban is read by the update itself: under READ COMMITTED a ban
 * committed while the update waited for the row is what it evaluates.
 */
export const creditFits = (earning: boolean, v: { amount: string; limit: string; unlessBanned: string }) =>
  `${earning ? `u.balance + ${v.amount} <= ${v.limit} and u.total_earned + ${v.amount} <= ${v.limit}` : `u.balance + ${v.amount} <= ${v.limit}`}
    and (not ${v.unlessBanned} or not u.is_banned)`;

// An earning's parameters are the user, amount, day, limit and the ban rule; another credit's have no day.
const addEarning = `update users u set ${creditSets(true, { amount: "$2", day: "$3" })} where u.id = $1 and ${creditFits(true, { amount: "$2", limit: "$4", unlessBanned: "$5::bool" })}`;
const addOther = `update users u set ${creditSets(false, { amount: "$2" })} where u.id = $1 and ${creditFits(false, { amount: "$2", limit: "$3", unlessBanned: "$4::bool" })}`;

export function ledgerStatements(db: PgRunner): LedgerStatements {
  const sql = clientOf(db);
  return {
    *addToBalance({ userId, amount, earning, day, limit, unlessBanned }) {
      const rows = yield* awaiting(
        earning ? sql.unsafe(addEarning, [userId, amount, day, limit, unlessBanned]) : sql.unsafe(addOther, [userId, amount, limit, unlessBanned]),
      );
      return rows.count === 1;
    },
    *takeFromBalance(userId, amount, unlessBanned) {
      const rows = yield* awaiting(
        sql`update users set balance = balance - ${amount} where id = ${userId} and balance >= ${amount} and (not ${unlessBanned}::bool or not is_banned)`,
      );
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
    *isBanned(userId) {
      const [user] = yield* awaiting(sql`select is_banned from users where id = ${userId}`);
      return user?.is_banned === true;
    },
  };
}
