// Shapes of the admin user calls; users and ledger entries from the server's own contract.
import type { AdminUserDto, LedgerEntryDto } from "../../../../../api/contract.ts";

export type AdminUser = AdminUserDto;
export type LedgerEntry = LedgerEntryDto;

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
