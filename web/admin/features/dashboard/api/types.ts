// Shapes the dashboard reads (docs/api.md).
export type AdminStats = { totalUsers: number; verifiedJoins: number; activeToday: number; pendingWithdrawals: number; botActive: boolean };

export type RecentTask = {
  id: number;
  kind: "daily_activity" | "follow_channel" | "custom";
  title: string;
  rewardUsdt: string;
  isActive: boolean;
  completionCount: number;
};

export type LeaderboardCategory = "earnings" | "referrals" | "activity";

export type LeaderboardEntry = {
  id: number;
  firstName: string;
  username: string | null;
  tgId: number;
  rank: number;
  balance?: string;
  totalEarned?: string;
  referralCount?: number;
  taskCount?: number;
  currentStreak?: number;
};

export type ActivityRange = "daily" | "weekly";
export type ActivityPoint = { day: string; activity: number; registrations: number; completions: number };
