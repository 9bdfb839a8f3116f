// Every balance change goes through credit() or debit(): one ledger row and the cached balance,
// in the caller's transaction.
import type { LedgerReason } from "@/db/schema/index.ts";
import { connectionOf, type Tx } from "./context.ts";
import { AppError, notFound } from "./errors.ts";
import { formatUsdt, wholeUsdt } from "./money.ts";
import { rules } from "./rules.ts";
import { utcDay } from "./time.ts";

/** Reasons that count as earnings (total earned, earned today, the earnings leaderboard). */
const earningReasons: ReadonlySet<LedgerReason> = new Set([
  "daily_task",
  "follow_channel",
  "custom_task",
  "referral_bonus",
  "referral_milestone",
]);

type Movement = { userId: number; amount: number; reason: LedgerReason; refId?: number; note?: string; at: Date };

/**
 * Credits only while the balance (and, for earnings, the total earned) stays within
 * rules.maxBalance, so every amount stays an exact JavaScript number; otherwise nothing is
 * written and the caller's whole transaction is undone. A withdrawal's refund is the exception:
 * it gives back what the request took, and rejecting a request must always be possible, so it
 * may lift a balance past the limit; only past 2^53, where amounts stop being exact, is it
 * refused too.
 */
export function credit(tx: Tx, m: Movement): number {
  assertPositive(m.amount);
  const conn = connectionOf(tx);
  const limit = m.reason === "withdrawal_refund" ? Number.MAX_SAFE_INTEGER : rules.maxBalance;
  const { changes } = earningReasons.has(m.reason)
    ? conn
        .query(`update users set balance = balance + ?1, total_earned = total_earned + ?1,
          earned_today = case when earned_day = ?2 then earned_today + ?1 else ?1 end, earned_day = ?2
          where id = ?3 and balance + ?1 <= ?4 and total_earned + ?1 <= ?4`)
        .run(m.amount, utcDay(m.at), m.userId, limit)
    : conn.query("update users set balance = balance + ?1 where id = ?2 and balance + ?1 <= ?3").run(m.amount, m.userId, limit);
  if (changes !== 1) throw refusedCredit(tx, m);
  return insertEntry(tx, "credit", m);
}

function refusedCredit(tx: Tx, m: Movement): AppError {
  const user = connectionOf(tx).query("select 1 from users where id = ?").get(m.userId);
  if (!user) return notFound(`User ${m.userId}`);
  const max = wholeUsdt(rules.maxBalance);
  return new AppError("BALANCE_LIMIT", `A balance may hold at most ${max} USDT: crediting ${formatUsdt(m.amount)} USDT to user #${m.userId} would pass it`, {
    userId: m.userId,
    max: formatUsdt(rules.maxBalance),
  });
}

/** Debits only if the balance covers it; otherwise nothing is written. */
export function debit(tx: Tx, m: Movement): number {
  assertPositive(m.amount);
  const { changes } = connectionOf(tx).query("update users set balance = balance - ?1 where id = ?2 and balance >= ?1").run(m.amount, m.userId);
  if (changes !== 1) throw new AppError("INSUFFICIENT_BALANCE", "The balance does not cover this amount");
  return insertEntry(tx, "debit", m);
}

function insertEntry(tx: Tx, type: "credit" | "debit", m: Movement): number {
  const row = connectionOf(tx)
    .query<{ id: number }, [number, string, string, number, number | null, string | null, number]>(
      "insert into ledger (user_id, type, reason, amount, ref_id, note, created_at) values (?, ?, ?, ?, ?, ?, ?) returning id",
    )
    .get(m.userId, type, m.reason, m.amount, m.refId ?? null, m.note ?? null, m.at.getTime());
  return row!.id;
}

function assertPositive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError("INVALID_AMOUNT", "amount must be positive");
}
