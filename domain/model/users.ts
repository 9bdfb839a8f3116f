// A user of the bot, as both engines store it. Balances and the figures leaderboards and stats
// sort or count by are kept on the row as counters, updated with the rows they summarise.

/** Flagged by its score, cleared by an admin, or confirmed as fraud (and banned). */
export const riskStatuses = ["flagged", "cleared", "confirmed"] as const;
export type RiskStatus = (typeof riskStatuses)[number];

export type User = {
  id: number;
  tgId: number;
  username: string | null;
  firstName: string;
  lastName: string | null;
  refCode: string;
  walletBep20: string | null;
  balance: number;
  /** Referral bonuses earned but not yet spendable: the sum of this user's held referral holds. */
  heldBalance: number;
  totalEarned: number;
  earnedToday: number;
  earnedDay: string | null;
  referralEarned: number;
  qualifiedReferrals: number;
  totalInvited: number;
  tasksCompleted: number;
  dailyTasksCompleted: number;
  channelJoined: boolean;
  currentStreak: number;
  lastDailyDay: string | null;
  lastActiveDay: string | null;
  lastActivityAt: Date | null;
  isBanned: boolean;
  banReason: string | null;
  isActive: boolean;
  /** The language the user picked in the mini app; null follows Telegram's (tgLanguage). */
  language: string | null;
  /** Telegram's language_code, as last seen in an update or the mini app's init data. */
  tgLanguage: string | null;
  isPremium: boolean;
  /** The sum of the weights of this user's risk signals (domain/risk.ts). */
  riskScore: number;
  riskStatus: RiskStatus | null;
  createdAt: Date;
};

/** Who invited whom: one row per referred user, bound once at registration. */
export type Referral = {
  referredId: number;
  referrerId: number;
  qualifiedAt: Date | null;
  createdAt: Date;
};
