// How rows look in the API: field names as the product spec has them, amounts as exact
// decimal strings, streaks and "today" figures resolved for the current day.
import type { LedgerEntry, Task, User } from "@/db/schema/index.ts";
import { ledgerReasonLabels } from "@/domain/labels.ts";
import type { Deps } from "@/domain/context.ts";
import type { completeTask, openTask } from "@/domain/tasks.ts";
import { userLedger } from "@/domain/admin-users.ts";
import { topUsers, type LeaderboardCategory } from "@/domain/leaderboard.ts";
import { formatUsdt } from "@/domain/money.ts";
import { recentReferrals } from "@/domain/referrals.ts";
import { rules } from "@/domain/rules.ts";
import { utcDay } from "@/domain/time.ts";
import { earnedToday, effectiveStreak, referralLink, userLanguage } from "@/domain/users.ts";
import type { WithdrawalRow } from "@/domain/withdrawals.ts";

export const taskView = (t: Task) => ({
  id: t.id,
  kind: t.kind,
  title: t.title,
  description: t.description,
  rewardUsdt: formatUsdt(t.reward),
  isActive: t.isActive,
  createdAt: t.createdAt,
  completionCount: t.completionCount,
  url: t.url,
  waitSeconds: t.waitSeconds,
});

// Types flow from here to contract.ts, never back, so this file states its one JSON shape itself.
type TaskJson = Omit<ReturnType<typeof taskView>, "createdAt"> & { createdAt: string };

const taskJson = new WeakMap<Task, TaskJson>();

/**
 * taskView with the date already in its JSON form, built once per task row: the active tasks are
 * the same row objects from one request to the next until a task changes (activeTasksFor), and
 * turning a Date into JSON costs more than the rest of a task list answer.
 */
export function taskViewJson(t: Task): TaskJson {
  let view = taskJson.get(t);
  if (!view) taskJson.set(t, (view = { ...taskView(t), createdAt: t.createdAt.toISOString() }));
  return view;
}

/** What a completion answers: the reward paid, the balance and streak after it, and the task. */
export function completionView(deps: Deps, done: Awaited<ReturnType<typeof completeTask>>) {
  return {
    reward: formatUsdt(done.reward),
    balance: formatUsdt(done.balance),
    streak: effectiveStreak(done, utcDay(deps.clock())),
    task: taskView(done.task),
  };
}

/** What opening a link task answers: when it counts as opened and when its reward can be claimed. */
export const taskOpenView = (o: Awaited<ReturnType<typeof openTask>>) => ({
  taskId: o.task.id,
  openedAt: o.openedAt,
  claimableAt: o.claimableAt,
  secondsLeft: o.secondsLeft,
});

export const withdrawalView = (w: WithdrawalRow) => ({
  id: w.id,
  userId: w.userId,
  tgId: w.tgId,
  username: w.username,
  /** The requester is banned: the request can be rejected, not approved or paid. */
  userBanned: w.userBanned,
  amountUsdt: formatUsdt(w.amount),
  addressBep20: w.address,
  status: w.status,
  txHash: w.txHash,
  failReason: w.failReason,
  createdAt: w.createdAt,
  processedAt: w.processedAt,
});

export const ledgerView = (e: LedgerEntry) => ({
  id: e.id,
  type: e.type,
  reason: e.reason,
  amount: formatUsdt(e.amount),
  createdAt: e.createdAt,
  note: e.note,
});

/** One of the latest movements as the mini app's home lists it; title is the spec's English label of type. */
export const activityItemView = (e: LedgerEntry) => ({
  id: e.id,
  type: e.reason,
  direction: e.type,
  title: ledgerReasonLabels[e.reason],
  time: e.createdAt,
  amount: formatUsdt(e.amount),
});

/** The same movement as the admin panel's activity tab shows it. */
export const adminActivityItemView = (e: LedgerEntry) => ({ type: e.reason, amount: formatUsdt(e.amount), direction: e.type, time: e.createdAt });

function commonUserFields(deps: Deps, u: User) {
  const today = utcDay(deps.clock());
  return {
    id: u.id,
    tgId: u.tgId,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    refCode: u.refCode,
    walletBep20: u.walletBep20,
    balanceUsdt: formatUsdt(u.balance),
    /** Referral bonuses earned but not spendable until their settling period ends (REFERRAL_HOLD_HOURS). */
    heldUsdt: formatUsdt(u.heldBalance),
    createdAt: u.createdAt,
    qualifiedReferrals: u.qualifiedReferrals,
    targetReferrals: rules.referralTarget,
    earnedToday: formatUsdt(earnedToday(u, today)),
    totalEarned: formatUsdt(u.totalEarned),
    isBanned: u.isBanned,
    streak: effectiveStreak(u, today),
  };
}

export function meView(deps: Deps, u: User) {
  // The language the mini app speaks: the user's choice, else Telegram's, else English.
  return { ...commonUserFields(deps, u), referralLink: referralLink(deps, u.refCode), language: userLanguage(u) };
}

export function adminUserView(deps: Deps, u: User) {
  const { streak, ...common } = commonUserFields(deps, u);
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

export function leaderboardView(deps: Deps, category: LeaderboardCategory, u: User & { rank: number }) {
  const base = { id: u.id, firstName: u.firstName, username: u.username, tgId: u.tgId, rank: u.rank };
  if (category === "earnings") return { ...base, balance: formatUsdt(u.balance), totalEarned: formatUsdt(u.totalEarned) };
  if (category === "referrals") return { ...base, referralCount: u.qualifiedReferrals };
  return { ...base, taskCount: u.tasksCompleted, currentStreak: effectiveStreak(u, utcDay(deps.clock())) };
}

/** The first `limit` of a ranking, as the mini app and the admin panel both show it. */
export async function leaderboardEntries(deps: Deps, category: LeaderboardCategory, limit: number) {
  return (await topUsers(deps, category, limit)).map((u) => leaderboardView(deps, category, u));
}

export function referralSummaryView(deps: Deps, u: User) {
  return {
    qualifiedCount: u.qualifiedReferrals,
    targetCount: rules.referralTarget,
    rewardAmount: formatUsdt(rules.referralMilestone),
    bonusAmount: formatUsdt(rules.referralBonus),
    totalInvited: u.totalInvited,
    totalEarned: formatUsdt(u.referralEarned),
    refCode: u.refCode,
    referralLink: referralLink(deps, u.refCode),
  };
}

/** A user's referrals as the admin panel shows them. */
export async function adminReferralsView(deps: Deps, u: User) {
  return {
    qualifiedCount: u.qualifiedReferrals,
    totalInvited: u.totalInvited,
    referralLink: referralLink(deps, u.refCode),
    recentReferrals: (await recentReferrals(deps, u.id, 10)).map((r) => ({
      id: r.id,
      username: r.username,
      firstName: r.firstName,
      isQualified: r.isQualified,
      status: r.isQualified ? ("qualified" as const) : ("pending" as const),
    })),
  };
}

/** A user's activity as the admin panel shows it. */
export async function adminActivityView(deps: Deps, u: User) {
  return {
    currentStreak: effectiveStreak(u, utcDay(deps.clock())),
    tasksCompleted: u.tasksCompleted,
    lastActivity: u.lastActivityAt,
    recentActivity: (await userLedger(deps, u.id, 10)).map(adminActivityItemView),
  };
}

/** A task's completions, as the dashboard's recent tasks list them. */
export const taskStatView = (t: Task) => ({ id: t.id, title: t.title, kind: t.kind, completionCount: t.completionCount, rewardUsdt: formatUsdt(t.reward) });
