// The statements the referral-farm defences (risk.ts, holds.ts, payout-limits.ts) need.
import type { ClientSighting, HoldStatus, ReferralHold, RiskSignal, RiskStatus, User, Withdrawal } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type NewHold = Pick<ReferralHold, "referredId" | "reason" | "referrerId" | "amount" | "releaseAt" | "createdAt">;

/** A hold that is due, with the referred user's Telegram id for the membership check and both sides' status. */
export type DueHold = ReferralHold & { referredTgId: number; referredStatus: RiskStatus | null; referrerStatus: RiskStatus | null };

/** A referred account as the review shows it. */
export type ReferredAccount = Pick<User, "id" | "tgId" | "username" | "firstName" | "isPremium" | "isBanned" | "riskScore" | "riskStatus" | "channelJoined"> & {
  joinedAt: Date;
  qualifiedAt: Date | null;
};

export type RiskListFilter = { status: RiskStatus; limit: number; before?: number };

export type RiskStatements = {
  /** Holds a bonus: the hold row, and the amount added to the referrer's held balance. */
  hold(hold: NewHold): Op<void>;
  /** Held bonuses past their release time, oldest first, past the first `skip`. */
  dueHolds(now: Date, limit: number, skip: number): Op<DueHold[]>;
  /** Moves a hold out of held (and its amount off the held balance) if it still is: the hold, or undefined. */
  settleHold(referredId: number, reason: ReferralHold["reason"], to: Exclude<HoldStatus, "held">, at: Date): Op<ReferralHold | undefined>;
  holdsFrom(referredId: number): Op<ReferralHold[]>;
  holdsOf(referrerId: number): Op<ReferralHold[]>;

  /** Writes a signal's latest evidence and weight. */
  saveSignal(signal: Pick<RiskSignal, "userId" | "name" | "weight" | "evidence"> & { at: Date }): Op<void>;
  signalsOf(userId: number): Op<RiskSignal[]>;
  /**
   * Sums the user's signals into its score and flags it when the score reaches `flagAt` (0: never)
   * and it has no status yet: a cleared or confirmed user keeps its admin's decision.
   */
  rescore(userId: number, flagAt: number): Op<{ score: number; status: RiskStatus | null }>;
  /** Sets the status if it is `from` now (null: none); false when it was not. */
  setStatus(userId: number, from: RiskStatus | null, to: RiskStatus | null): Op<boolean>;
  list(filter: RiskListFilter): Op<User[]>;

  /** Records a client a user was seen from; false when it was seen before. */
  sight(sighting: Omit<ClientSighting, never>): Op<boolean>;
  /** The accounts seen from a client, up to `limit`. */
  accountsOn(client: string, limit: number): Op<number[]>;
  clientsOf(userId: number): Op<ClientSighting[]>;

  referrerOf(userId: number): Op<{ referrerId: number; qualifiedAt: Date | null } | undefined>;
  /** How many of the referrer's latest `cap` referrals joined at or after `since`. */
  referralsSince(referrerId: number, since: Date, cap: number): Op<number>;
  referred(referrerId: number, limit: number): Op<ReferredAccount[]>;
  lastQualifiedAt(referrerId: number): Op<Date | null>;
  /** Referral bonuses and milestones paid to the referrer for this referred user, less what was reversed. */
  unreversedBonus(referrerId: number, referredId: number): Op<number>;

  /** Adds to the day's requested total unless that passes `limit` (0: no limit); false when refused. */
  addPayout(day: string, amount: number, limit: number): Op<boolean>;
  subtractPayout(day: string, amount: number): Op<void>;
  /** What the user asked to withdraw since `since`, rejected requests left out. */
  requestedSince(userId: number, since: Date): Op<number>;
  openWithdrawal(userId: number): Op<Withdrawal | undefined>;
};
