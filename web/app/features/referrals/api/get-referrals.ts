import { useQuery } from "../../../lib/query.ts";

export type ReferralSummary = {
  qualifiedCount: number;
  targetCount: number;
  rewardAmount: string;
  bonusAmount: string;
  totalInvited: number;
  totalEarned: string;
  refCode: string;
  referralLink: string;
};

export const useReferrals = () => useQuery<ReferralSummary>("me/referrals");
