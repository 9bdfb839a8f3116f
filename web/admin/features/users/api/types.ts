// Shapes of the admin user calls (docs/api.md).
export type AdminUser = {
  id: number;
  tgId: number;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  refCode: string;
  walletBep20: string | null;
  balanceUsdt: string;
  createdAt: string;
  currentStreak: number;
  qualifiedReferrals: number;
  totalInvited: number;
  targetReferrals: number;
  earnedToday: string;
  totalEarned: string;
  tasksCompleted: number;
  isBanned: boolean;
  banReason: string | null;
  isActive: boolean;
  channelJoined: boolean;
  lastActivityAt: string | null;
};

export type LedgerEntry = { id: number; type: "credit" | "debit"; reason: string; amount: string; createdAt: string; note: string | null };

export type UserReferrals = {
  qualifiedCount: number;
  totalInvited: number;
  referralLink: string;
  recentReferrals: Array<{ id: number; username: string | null; isQualified: boolean; status: string }>;
};

export type UserActivity = {
  currentStreak: number;
  tasksCompleted: number;
  lastActivity: string | null;
  // direction is sent by the server though docs/api.md does not list it; without it a movement shows unsigned.
  recentActivity: Array<{ type: string; title: string; amount: string; time: string; direction?: "credit" | "debit" }>;
};

export const USERS_KEY = "admin/users";

/** "@name", else the spec's "User {tgId}". */
export function userTitle(user: Pick<AdminUser, "username" | "tgId">): string {
  return user.username ? `@${user.username}` : `User ${user.tgId}`;
}

export function fullName(user: Pick<AdminUser, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}
