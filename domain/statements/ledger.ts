// The statements the ledger's rules (ledger.ts, ledger-check.ts) need from an engine: every write
// to a balance, and the sums the ledger check compares, are these.
import type { LedgerEntry, LedgerReason } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";
import type { CompletionChange, NewCompletion, PaidCompletion } from "./tasks.ts";

export type BalanceChange = {
  userId: number;
  /** Nothing (0) for a task without a reward, which goes the same way as a paying one. */
  amount: number;
  /** Also added to the total earned and to today's earnings (`day`, a UTC day). */
  earning: boolean;
  day: string;
  /** Refused when the balance (or, when earning, the total earned) would pass it. */
  limit: number;
  /** Refused too when the user is banned: the credit is the user's own doing (a task's reward). */
  unlessBanned: boolean;
};

export type LedgerRow = { userId: number; type: LedgerEntry["type"]; reason: LedgerReason; amount: number; refId: number | null; note: string | null; at: Date };

/**
 * A task's completion with its reward: the completion row, what it changes on the user's row, the
 * credit, and the credit's ledger row (its ref is the completion), which a task without a reward
 * has none of.
 */
export type CompletionCredit = { completion: NewCompletion; change: CompletionChange; credit: BalanceChange; entry: Omit<LedgerRow, "refId"> | undefined };

/**
 * An integer as a driver hands it back: SQLite gives numbers; PostgreSQL gives sums (numeric) and
 * counts (int8) as strings. The ledger check compares them as bigints, exact for all of them.
 */
export type Integer = number | bigint | string;

/** A user's cached balances beside what the ledger sums to and what the held bonuses add up to. */
export type BalanceTotals = { id: Integer; balance: Integer; ledger: Integer; heldBalance: Integer; held: Integer };

/** A withdrawal's status beside how many debits and refunds the ledger holds for it. */
export type WithdrawalEntries = { id: Integer; status: string; debits: Integer; refunds: Integer };

export type LedgerStatements = {
  /** Adds to the cached balance unless that passes the limit; false when refused or no such user. */
  addToBalance(change: BalanceChange): Op<boolean>;
  /**
   * Takes from the cached balance only if it covers the amount and, with `unlessBanned` (the
   * user's own doing, a withdrawal), only while the user is not banned; false otherwise.
   */
  takeFromBalance(userId: number, amount: number, unlessBanned: boolean): Op<boolean>;
  /** Appends a ledger row and answers its id. */
  insertEntry(row: LedgerRow): Op<number>;
  /**
   * Writes a completion and its credit together, the user's row once (its figures and the credit):
   * the completion's id, the figures before it and after. "done already", having written
   * nothing, when the period has a completion (a unique index decides); undefined when the credit
   * is refused (past its limit, or, with its unlessBanned, the user banned), the completion row
   * then written all the same, for the caller's transaction to roll back.
   */
  creditCompletion(c: CompletionCredit): Op<PaidCompletion | "done already" | undefined>;
  userExists(userId: number): Op<boolean>;
  /** Whether the user is banned, as committed now: read after a refusal, to say why. */
  isBanned(userId: number): Op<boolean>;
  /** Every user's totals, read in one statement (one snapshot). */
  balanceTotals(): Op<BalanceTotals[]>;
  /** Every withdrawal's entries, read in one statement (one snapshot). */
  withdrawalEntries(): Op<WithdrawalEntries[]>;
};
