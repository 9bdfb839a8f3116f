// Every balance change goes through credit() or debit(): one ledger row and the cached balance,
// in the caller's transaction.
import { and, eq, gte, sql } from "../../db/ops.ts";
import { ledger, users, type LedgerReason } from "../../db/schema/index.ts";
import { changedRows, type Tx } from "./context.ts";
import { AppError } from "./errors.ts";
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

export function credit(tx: Tx, m: Movement): number {
  assertPositive(m.amount);
  const earning = earningReasons.has(m.reason);
  const today = utcDay(m.at);
  tx.update(users)
    .set({
      balance: sql`${users.balance} + ${m.amount}`,
      ...(earning && {
        totalEarned: sql`${users.totalEarned} + ${m.amount}`,
        earnedToday: sql`case when ${users.earnedDay} = ${today} then ${users.earnedToday} + ${m.amount} else ${m.amount} end`,
        earnedDay: today,
      }),
    })
    .where(eq(users.id, m.userId))
    .run();
  return insertEntry(tx, "credit", m);
}

/** Debits only if the balance covers it; otherwise nothing is written. */
export function debit(tx: Tx, m: Movement): number {
  assertPositive(m.amount);
  const changed = changedRows(
    tx
      .update(users)
      .set({ balance: sql`${users.balance} - ${m.amount}` })
      .where(and(eq(users.id, m.userId), gte(users.balance, m.amount)))
      .run(),
  );
  if (changed !== 1) throw new AppError("INSUFFICIENT_BALANCE", "The balance does not cover this amount");
  return insertEntry(tx, "debit", m);
}

function insertEntry(tx: Tx, type: "credit" | "debit", m: Movement): number {
  const row = tx
    .insert(ledger)
    .values({ userId: m.userId, type, reason: m.reason, amount: m.amount, refId: m.refId, note: m.note, createdAt: m.at })
    .returning({ id: ledger.id })
    .get();
  return row.id;
}

function assertPositive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError("INVALID_AMOUNT", "amount must be positive");
}

export const ledgerTitles: Record<LedgerReason, string> = {
  daily_task: "Daily Task Reward",
  follow_channel: "Channel Join Reward",
  custom_task: "Task Reward",
  referral_bonus: "Referral Bonus",
  referral_milestone: "Referral Milestone",
  withdrawal: "Withdrawal",
  withdrawal_refund: "Withdrawal Refund",
  admin_adjustment: "Balance Adjustment",
};
