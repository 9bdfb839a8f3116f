// How a user looks in the admin panel: the fields the mini app shows (me.views.ts) and what only
// admins see, with "today" figures resolved for `today` (a UTC day the route reads off the clock).
import type { LedgerEntry, User } from "@/domain/model/index.ts";
import { formatUsdt } from "@/domain/money.ts";
import type { recentReferrals } from "@/domain/referrals.ts";
import { effectiveStreak } from "@/domain/users.ts";
import type { Settings } from "@/domain/settings.ts";
import { userFields } from "./me.views.ts";

export function adminUserView(u: User, today: string, terms: Pick<Settings, "referralTarget">) {
  const { streak, ...common } = userFields(u, today, terms);
  return {
    ...common,
    currentStreak: streak,
    totalInvited: u.totalInvited,
    tasksCompleted: u.tasksCompleted,
    banReason: u.banReason,
    isActive: u.isActive,
    channelJoined: u.channelJoined,
    lastActivityAt: u.lastActivityAt,
    riskScore: u.riskScore,
    riskStatus: u.riskStatus,
  };
}

type RecentReferral = Awaited<ReturnType<typeof recentReferrals>>[number];

/** A user's referrals as the admin panel shows them: the counts, the link and the latest referred users. */
export const adminReferralsView = (u: User, recent: RecentReferral[], referralLink: string) => ({
  qualifiedCount: u.qualifiedReferrals,
  totalInvited: u.totalInvited,
  referralLink,
  recentReferrals: recent.map((r) => ({
    id: r.id,
    username: r.username,
    firstName: r.firstName,
    isQualified: r.isQualified,
    status: r.isQualified ? ("qualified" as const) : ("pending" as const),
  })),
});

/** A ledger movement as the admin panel's activity tab shows it. */
export const adminActivityItemView = (e: LedgerEntry) => ({ type: e.reason, amount: formatUsdt(e.amount), direction: e.type, time: e.createdAt });

/** A user's activity as the admin panel shows it: streak, completions and the latest movements. */
export const adminActivityView = (u: User, recent: LedgerEntry[], today: string) => ({
  currentStreak: effectiveStreak(u, today),
  tasksCompleted: u.tasksCompleted,
  lastActivity: u.lastActivityAt,
  recentActivity: recent.map(adminActivityItemView),
});
