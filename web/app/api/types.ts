// Shapes of the API answers the mini app reads, as docs/api.md defines them. Amounts are exact
// decimal strings and times ISO strings.

export type Config = {
  productName: string;
  demoMode: boolean;
  botActive: boolean;
  botUsername: string;
  channelUrl: string;
  supportUrl: string;
  explorerTxUrl: string;
  explorerAddressUrl: string;
  minWithdrawalUsdt: string;
  referralTarget: number;
  referralMilestoneUsdt: string;
  referralBonusUsdt: string;
};

export type Me = {
  id: number;
  tgId: number;
  username: string | null;
  firstName: string;
  lastName: string | null;
  refCode: string;
  walletBep20: string | null;
  balanceUsdt: string;
  createdAt: string;
  streak: number;
  qualifiedReferrals: number;
  targetReferrals: number;
  earnedToday: string;
  totalEarned: string;
  isBanned: boolean;
  referralLink: string;
};

export type TaskKind = "daily_activity" | "follow_channel" | "custom";

export type UserTask = {
  id: number;
  kind: TaskKind;
  title: string;
  description: string;
  rewardUsdt: string;
  isActive: boolean;
  createdAt: string;
  completionCount: number;
  isCompleted: boolean;
  completedToday: boolean;
};

export type LedgerReason =
  | "daily_task"
  | "follow_channel"
  | "custom_task"
  | "referral_bonus"
  | "referral_milestone"
  | "withdrawal"
  | "withdrawal_refund"
  | "admin_adjustment";

export type LedgerEntry = { id: number; type: "credit" | "debit"; reason: LedgerReason; amount: string; createdAt: string; note: string | null };

/** One of the latest ledger movements; `type` is the ledger reason. */
export type ActivityItem = { id: number; type: LedgerReason; direction?: "credit" | "debit"; title: string; time: string; amount: string };

export type WithdrawalStatus = "pending" | "approved" | "paid" | "rejected";

export type Withdrawal = {
  id: number;
  amountUsdt: string;
  addressBep20: string;
  status: WithdrawalStatus;
  txHash: string | null;
  failReason: string | null;
  createdAt: string;
  processedAt: string | null;
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
