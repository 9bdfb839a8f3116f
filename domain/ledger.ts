// Every balance change goes through credit(), debit() or creditCompletion(): one ledger row and the
// cached balance, in the caller's transaction (programs over the engine's statements: see store.ts).
import type { LedgerReason } from "@/domain/model/index.ts";
import { AppError, notFound, suspended } from "./errors.ts";
import { formatUsdt, wholeUsdt } from "./money.ts";
import { rules } from "./rules.ts";
import type { BalanceChange, LedgerRow } from "./statements/ledger.ts";
import type { CompletionChange, NewCompletion, PaidCompletion } from "./statements/tasks.ts";
import type { Op, Statements } from "./store.ts";
import { utcDay } from "./time.ts";

/** Reasons that count as earnings (total earned, earned today, the earnings leaderboard). */
const earningReasons: ReadonlySet<LedgerReason> = new Set([
  "daily_task",
  "follow_channel",
  "custom_task",
  "referral_bonus",
  "referral_milestone",
]);

type Movement = {
  userId: number;
  amount: number;
  reason: LedgerReason;
  refId?: number;
  note?: string;
  at: Date;
  /**
   * The user's own doing (a withdrawal asked for, a task's reward): refused with USER_BANNED once
   * the user is banned. The balance's own conditional write reads the ban, so a ban committed by
   * another instance while this request waited (on Telegram, on the row) stops it.
   */
  byUser?: boolean;
};

/**
 * Credits only while the balance (and, for earnings, the total earned) stays within
 * rules.maxBalance, so every amount stays an exact JavaScript number; otherwise nothing is
 * written and the caller's whole transaction is undone. A withdrawal's refund is the exception:
 * it gives back what the request took, and rejecting a request must always be possible, so it
 * may lift a balance past the limit; only past 2^53, where amounts stop being exact, is it
 * refused too.
 */
export function* credit(db: Pick<Statements, "ledger">, m: Movement): Op<number> {
  assertPositive(m.amount);
  if (!(yield* db.ledger.addToBalance(balanceChange(m)))) throw yield* refusedCredit(db, m);
  return yield* insertEntry(db, "credit", m);
}

/**
 * A task's completion and its reward, written by the ledger in one go: the completion row, the
 * user's figures (`change`), the credit and its ledger row, whose ref is the completion. A task
 * without a reward goes the same way, moving no balance and writing no ledger row. A completion is
 * the user's own doing, so once the user is banned the write refuses it (USER_BANNED) as a whole.
 * "done already", having written nothing, when the period has a completion.
 */
export function* creditCompletion(db: Pick<Statements, "ledger">, completion: NewCompletion, change: CompletionChange, reason: LedgerReason): Op<PaidCompletion | "done already"> {
  const m: Movement = { userId: completion.userId, amount: completion.reward, reason, at: completion.at, byUser: true };
  if (m.amount !== 0) assertPositive(m.amount);
  const entry = m.amount === 0 ? undefined : ledgerRow("credit", m);
  const paid = yield* db.ledger.creditCompletion({ completion, change, credit: balanceChange(m), entry });
  if (paid === undefined) throw yield* refusedCredit(db, m);
  return paid;
}

function balanceChange(m: Movement): BalanceChange {
  // A refund gives back what a request took; nothing, a task's zero reward, can pass no limit.
  const limit = m.reason === "withdrawal_refund" || m.amount === 0 ? Number.MAX_SAFE_INTEGER : rules.maxBalance;
  const earning = m.amount > 0 && earningReasons.has(m.reason);
  return { userId: m.userId, amount: m.amount, earning, day: utcDay(m.at), limit, unlessBanned: m.byUser ?? false };
}

function* refusedCredit(db: Pick<Statements, "ledger">, m: Movement): Op<AppError> {
  if (!(yield* db.ledger.userExists(m.userId))) return notFound(`User ${m.userId}`);
  if (m.byUser && (yield* db.ledger.isBanned(m.userId))) return suspended();
  const max = wholeUsdt(rules.maxBalance);
  return new AppError("BALANCE_LIMIT", `A balance may hold at most ${max} USDT: crediting ${formatUsdt(m.amount)} USDT to user #${m.userId} would pass it`, {
    userId: m.userId,
    max: formatUsdt(rules.maxBalance),
  });
}

/** Debits only if the balance covers it (and, for the user's own doing, they are not banned); otherwise nothing is written. */
export function* debit(db: Pick<Statements, "ledger">, m: Movement): Op<number> {
  assertPositive(m.amount);
  const byUser = m.byUser ?? false;
  if (!(yield* db.ledger.takeFromBalance(m.userId, m.amount, byUser))) {
    if (byUser && (yield* db.ledger.isBanned(m.userId))) throw suspended();
    throw new AppError("INSUFFICIENT_BALANCE", "The balance does not cover this amount");
  }
  return yield* insertEntry(db, "debit", m);
}

function insertEntry(db: Pick<Statements, "ledger">, type: "credit" | "debit", m: Movement): Op<number> {
  return db.ledger.insertEntry(ledgerRow(type, m));
}

const ledgerRow = (type: "credit" | "debit", m: Movement): LedgerRow => ({
  userId: m.userId,
  type,
  reason: m.reason,
  amount: m.amount,
  refId: m.refId ?? null,
  note: m.note ?? null,
  at: m.at,
});

function assertPositive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError("INVALID_AMOUNT", "amount must be positive");
}
