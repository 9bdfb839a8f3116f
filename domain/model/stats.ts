// Aggregates kept as counters with the rows they count, and the leaderboards' users per score.
import type { WithdrawalStatus } from "./withdrawals.ts";

/**
 * Each bumped in the transaction that changes what it counts: users, verified channel joins,
 * withdrawals in each status, and the micro-USDT of referral bonuses held (the metrics' gauges);
 * and settings_version, raised by every change of a setting, which each instance watches.
 */
export const counterNames = [
  "total_users",
  "verified_joins",
  "withdrawals_review",
  "withdrawals_pending",
  "withdrawals_approved",
  "withdrawals_confirming",
  "withdrawals_paid",
  "withdrawals_rejected",
  "referral_bonuses_held",
  "settings_version",
] as const;
export type CounterName = (typeof counterNames)[number];

/** The counter of withdrawals in each status. */
export const withdrawalCounters: { readonly [S in WithdrawalStatus]: CounterName } = {
  review: "withdrawals_review",
  pending: "withdrawals_pending",
  approved: "withdrawals_approved",
  confirming: "withdrawals_confirming",
  paid: "withdrawals_paid",
  rejected: "withdrawals_rejected",
};

export type CounterRow = { name: CounterName; value: number };

export type DailyStatsRow = {
  day: string;
  registrations: number;
  completions: number;
  activeUsers: number;
};

export const rankCategories = ["earnings", "referrals", "activity"] as const;
export type RankCategory = (typeof rankCategories)[number];

/**
 * Users per block of a category's counts: ids that share `id >> rankBlockBits` share a block. The
 * triggers and views that fill the counts write the same shift (SQLite's migration 0021,
 * PostgreSQL's 0022): another size takes a migration on both engines.
 */
export const rankBlockBits = 10;

/** How many (non-banned) users hold a score in a category: block -1 for all, else one block of ids. */
export type RankCount = {
  category: RankCategory;
  block: number;
  score: number;
  users: number;
};
