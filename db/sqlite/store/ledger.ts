// The ledger's statements on SQLite: every write to a balance and the ledger check's sums. Plain SQL
// compiled once per connection (query() caches it), as every task completion runs them.
import type { Database } from "bun:sqlite";
import type { Db } from "@/db/sqlite/client.ts";
import { balanceTotalsSql, withdrawalEntriesSql } from "@/db/ledger-sums.ts";
import { ledgerCheck, type LedgerCheck } from "@/domain/ledger-check.ts";
import type { BalanceTotals, LedgerStatements, WithdrawalEntries } from "@/domain/statements/ledger.ts";
import { runNow } from "@/domain/store.ts";
import { completedFigures, completionSets, figuresOf, type FiguresRow } from "./tasks.ts";

/** What a credit changes on the user's row, given the SQL of its amount and, for earnings, of the day. */
const creditSets = (earning: boolean, v: { amount: string; day: string }) =>
  earning
    ? `balance = balance + ${v.amount}, total_earned = total_earned + ${v.amount},
       earned_today = case when earned_day = ${v.day} then earned_today + ${v.amount} else ${v.amount} end, earned_day = ${v.day}`
    : `balance = balance + ${v.amount}`;

/** The credit's conditions on the user's row, given the SQL of the amount, of the limit and of whether a banned user is refused (1 or 0). */
const creditFits = (earning: boolean, v: { amount: string; limit: string; unlessBanned: string }) =>
  `balance + ${v.amount} <= ${v.limit}${earning ? ` and total_earned + ${v.amount} <= ${v.limit}` : ""} and (${v.unlessBanned} = 0 or is_banned = 0)`;

// Both kinds of credit take the same parameters: the amount, the day, the user, the limit and the ban rule.
const addition = (earning: boolean) => `update users set ${creditSets(earning, { amount: "?1", day: "?2" })} where id = ?3 and ${creditFits(earning, { amount: "?1", limit: "?4", unlessBanned: "?5" })}`;
const addEarning = addition(true);
const addOther = addition(false);

/**
 * A completion's one update of the user's row: its figures and the credit of its reward, answering
 * the figures after. The completion's values come first (?1 to ?6), then the credit's.
 */
const completionUpdate = (earning: boolean) => `update users set
    ${completionSets({ at: "?1", today: "?2", yesterday: "?3", daily: "?4", channel: "?5" })},
    ${creditSets(earning, { amount: "?7", day: "?8" })}
  where id = ?6 and ${creditFits(earning, { amount: "?7", limit: "?9", unlessBanned: "?10" })}
  returning ${completedFigures}`;
const earningCompletion = completionUpdate(true);
const otherCompletion = completionUpdate(false);


export function ledgerStatements(conn: Database): LedgerStatements {
  const statements: LedgerStatements = {
    *addToBalance({ userId, amount, earning, day, limit, unlessBanned }) {
      return conn.query(earning ? addEarning : addOther).run(amount, day, userId, limit, unlessBanned ? 1 : 0).changes === 1;
    },
    *takeFromBalance(userId, amount, unlessBanned) {
      return (
        conn.query("update users set balance = balance - ?1 where id = ?2 and balance >= ?1 and (?3 = 0 or is_banned = 0)").run(amount, userId, unlessBanned ? 1 : 0)
          .changes === 1
      );
    },
    *insertEntry(row) {
      return conn
        .query<{ id: number }, [number, string, string, number, number | null, string | null, number]>(
          "insert into ledger (user_id, type, reason, amount, ref_id, note, created_at) values (?, ?, ?, ?, ?, ?, ?) returning id",
        )
        .get(row.userId, row.type, row.reason, row.amount, row.refId, row.note, row.at.getTime())!.id;
    },
    // The statements one by one, in the caller's transaction: on SQLite they cost no round trip.
    *creditCompletion({ completion: n, change: c, credit, entry }) {
      const completionId = conn
        .query<{ id: number }, [number, number, string, number, number]>(
          "insert into task_completions (task_id, user_id, day, reward, created_at) values (?, ?, ?, ?, ?) on conflict do nothing returning id",
        )
        .get(n.taskId, n.userId, n.day, n.reward, n.at.getTime())?.id;
      if (completionId === undefined) return "done already";
      const before = conn
        .query<{ lastActiveDay: string | null; channelJoined: number }, [number]>("select last_active_day as lastActiveDay, channel_joined as channelJoined from users where id = ?")
        .get(c.userId)!;
      const updated = conn
        .query<FiguresRow, (number | string)[]>(credit.earning ? earningCompletion : otherCompletion)
        .get(c.at.getTime(), c.today, c.yesterday, c.isDaily ? 1 : 0, c.isChannel ? 1 : 0, c.userId, credit.amount, credit.day, credit.limit, credit.unlessBanned ? 1 : 0);
      if (!updated) return undefined;
      if (entry) yield* statements.insertEntry({ ...entry, refId: completionId });
      return { completionId, before: { lastActiveDay: before.lastActiveDay, channelJoined: before.channelJoined === 1 }, updated: figuresOf(updated) };
    },
    *userExists(userId) {
      return conn.query("select 1 from users where id = ?").get(userId) !== null;
    },
    *isBanned(userId) {
      return conn.query<{ banned: number }, [number]>("select is_banned as banned from users where id = ?").get(userId)?.banned === 1;
    },
    *balanceTotals() {
      return conn.query<BalanceTotals, []>(balanceTotalsSql).all();
    },
    *withdrawalEntries() {
      return conn.query<WithdrawalEntries, []>(withdrawalEntriesSql).all();
    },
  };
  return statements;
}

/** The ledger check (domain/ledger-check.ts) over a SQLite database, which may be open read-only. */
export function checkLedger(db: Db): LedgerCheck {
  return runNow(ledgerCheck({ ledger: ledgerStatements(db.$client) }));
}
