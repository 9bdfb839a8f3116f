// The ledger is the truth about money: a user's balance is a cache of credits minus debits.

export const ledgerReasons = [
  "daily_task",
  "follow_channel",
  "custom_task",
  "referral_bonus",
  "referral_milestone",
  /** Takes back a referral bonus or milestone when the referral is confirmed as fraud. */
  "referral_reversal",
  "withdrawal",
  "withdrawal_refund",
  "admin_adjustment",
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

export const ledgerEntryTypes = ["credit", "debit"] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];

export type LedgerEntry = {
  id: number;
  userId: number;
  type: LedgerEntryType;
  reason: LedgerReason;
  amount: number;
  refId: number | null;
  note: string | null;
  createdAt: Date;
};
