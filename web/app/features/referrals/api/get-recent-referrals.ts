import { useQuery } from "../../../lib/query.ts";

export type RecentReferral = {
  id: number;
  username: string | null;
  firstName: string;
  dailyTasksCompleted: number;
  channelJoined: boolean;
  joinedAt: string;
  isQualified: boolean;
};

export const useRecentReferrals = () => useQuery<RecentReferral[]>("me/referrals/recent");
