// The statements the referral rule and lists (referrals.ts) need.
import type { User } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type RecentReferral = Pick<User, "id" | "username" | "firstName" | "dailyTasksCompleted" | "channelJoined"> & { joinedAt: Date; qualifiedAt: Date | null };

export type ReferralStatements = {
  /** Marks the user's referral qualified unless it is already: the referrer's id, or undefined. */
  markQualified(referredId: number, at: Date): Op<number | undefined>;
  /** Counts a qualified referral on the referrer: its figures after. */
  countQualified(referrerId: number): Op<{ id: number; tgId: number; qualifiedReferrals: number }>;
  /** Whether the referrer has had the milestone: paid, or held (whatever became of the hold). */
  milestoneHad(referrerId: number): Op<boolean>;
  addReferralEarnings(userId: number, amount: number): Op<void>;
  recent(referrerId: number, limit: number): Op<RecentReferral[]>;
};
