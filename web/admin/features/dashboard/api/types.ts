// Shapes the dashboard reads (docs/api.md); leaderboard entries and chart points
// from the server's own contract.
import type { ActivityPoint, LeaderboardCategory, LeaderboardEntryDto } from "../../../../../api/contract.ts";

export type AdminStats = { totalUsers: number; verifiedJoins: number; activeToday: number; pendingWithdrawals: number; botActive: boolean };

export type RecentTask = {
  id: number;
  kind: "daily_activity" | "follow_channel" | "custom";
  title: string;
  rewardUsdt: string;
  isActive: boolean;
  completionCount: number;
};

export type { LeaderboardCategory };

export type LeaderboardEntry = LeaderboardEntryDto;

export type ActivityRange = "daily" | "weekly";
export type { ActivityPoint };
