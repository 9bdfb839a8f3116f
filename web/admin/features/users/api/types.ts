// Shapes of the admin user calls; users and ledger entries from the server's own contract.
import type { AdminUserDto, LedgerEntryDto, LedgerReason } from "../../../../../api/contract.ts";
import { displayName } from "../../../../../api/domain/display-name.ts";

export type AdminUser = AdminUserDto;
export type LedgerEntry = LedgerEntryDto;

export type UserReferrals = {
  qualifiedCount: number;
  totalInvited: number;
  referralLink: string;
  recentReferrals: Array<{ id: number; username: string | null; firstName: string; isQualified: boolean; status: string }>;
};

export type UserActivity = {
  currentStreak: number;
  tasksCompleted: number;
  lastActivity: string | null;
  recentActivity: Array<{ type: LedgerReason; amount: string; time: string; direction: "credit" | "debit" }>;
};

export const USERS_KEY = "admin/users";

/** "@name", else the spec's "User {tgId}". */
export function userTitle(user: Pick<AdminUser, "username" | "tgId">): string {
  return displayName(user.username, `User ${user.tgId}`);
}

export function fullName(user: Pick<AdminUser, "firstName" | "lastName">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}
