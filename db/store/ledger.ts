// The ledger's statements on SQLite: plain SQL compiled once per connection (query() caches it),
// as every task completion runs them.
import type { Database } from "bun:sqlite";
import type { LedgerStatements } from "@/domain/statements/ledger.ts";

const made = new WeakMap<Database, LedgerStatements>();

export function ledgerStatements(conn: Database): LedgerStatements {
  let statements = made.get(conn);
  if (!statements) made.set(conn, (statements = statementsOn(conn)));
  return statements;
}

function statementsOn(conn: Database): LedgerStatements {
  return {
    *addToBalance({ userId, amount, earning, day, limit, unlessBanned }) {
      const { changes } = earning
        ? conn
            .query(`update users set balance = balance + ?1, total_earned = total_earned + ?1,
              earned_today = case when earned_day = ?2 then earned_today + ?1 else ?1 end, earned_day = ?2
              where id = ?3 and balance + ?1 <= ?4 and total_earned + ?1 <= ?4 and (?5 = 0 or is_banned = 0)`)
            .run(amount, day, userId, limit, unlessBanned ? 1 : 0)
        : conn.query("update users set balance = balance + ?1 where id = ?2 and balance + ?1 <= ?3 and (?4 = 0 or is_banned = 0)").run(amount, userId, limit, unlessBanned ? 1 : 0);
      return changes === 1;
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
    *userExists(userId) {
      return conn.query("select 1 from users where id = ?").get(userId) !== null;
    },
    *isBanned(userId) {
      return conn.query<{ banned: number }, [number]>("select is_banned as banned from users where id = ?").get(userId)?.banned === 1;
    },
  };
}
