// What refbot keeps to notice and undo referral farming (domain/risk.ts): held referral bonuses,
// risk signals with their evidence, the clients each user was seen from, and each day's payouts.

export const holdReasons = ["referral_bonus", "referral_milestone"] as const;
export type HoldReason = (typeof holdReasons)[number];
/** held until releaseAt; then released (paid), forfeited (the friend left) or reversed (fraud). */
export const holdStatuses = ["held", "released", "forfeited", "reversed"] as const;
export type HoldStatus = (typeof holdStatuses)[number];

/** A referral bonus earned but not yet paid into the balance: one per referred user and reason. */
export type ReferralHold = {
  referredId: number;
  reason: HoldReason;
  referrerId: number;
  amount: number;
  status: HoldStatus;
  releaseAt: Date;
  createdAt: Date;
  settledAt: Date | null;
};

/** One per user and signal: the latest evidence and the weight it adds to the score. */
export type RiskSignal = {
  userId: number;
  name: string;
  weight: number;
  evidence: { [key: string]: unknown };
  createdAt: Date;
  updatedAt: Date;
};

/** A client (address and user agent) a user opened the mini app from, first sighting only. */
export type ClientSighting = {
  userId: number;
  /** A short hash of address and user agent: the key accounts sharing a client meet on. */
  client: string;
  address: string;
  userAgent: string;
  seenAt: Date;
};

/** The amount requested for withdrawal on one UTC day, across all users. */
export type PayoutDay = {
  day: string;
  total: number;
};
