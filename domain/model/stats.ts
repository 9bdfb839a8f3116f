// Aggregates kept as counters with the rows they count, and the leaderboards' users per score.

export const counterNames = ["total_users", "verified_joins"] as const;
export type CounterName = (typeof counterNames)[number];

export type CounterRow = { name: CounterName; value: number };

export type DailyStatsRow = {
  day: string;
  registrations: number;
  completions: number;
  activeUsers: number;
};

export const rankCategories = ["earnings", "referrals", "activity"] as const;
export type RankCategory = (typeof rankCategories)[number];

/** Users per block of a category's counts: ids that share `id >> rankBlockBits` share a block. */
export const rankBlockBits = 12;

/** How many (non-banned) users hold a score in a category: block -1 for all, else one block of ids. */
export type RankCount = {
  category: RankCategory;
  block: number;
  score: number;
  users: number;
};
