// The statements the ledger's rules (ledger.ts) need from an engine.
import type { LedgerEntry, LedgerReason } from "@/db/schema/index.ts";
import type { Op } from "@/domain/store.ts";

export type BalanceChange = {
  userId: number;
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
  userExists(userId: number): Op<boolean>;
  /** Whether the user is banned, as committed now: read after a refusal, to say why. */
  isBanned(userId: number): Op<boolean>;
};
