// The PostgreSQL schema: the same tables, columns and constraints as db/schema/, in PostgreSQL's
// types. tests/types/engine-schemas.ts fails to compile when a table's row types drift apart.
export * from "./admins.ts";
export * from "./audit.ts";
export * from "./broadcasts.ts";
export * from "./ledger.ts";
export * from "./referrals.ts";
export * from "./stats.ts";
export * from "./tasks.ts";
export * from "./users.ts";
export * from "./withdrawals.ts";
export * from "./rank-counts.ts";
export * from "./login-throttle.ts";

/**
 * SQLite indexes PostgreSQL does without, with the reason. users_scores_idx is a covering index
 * ordered by id that lets SQLite read score runs without the wide rows. PostgreSQL would gain
 * little (the visibility map of a table updated on every completion sends index-only scans back
 * to the heap) and pay on every completion: an indexed column that changes (total_earned,
 * tasks_completed) rules out a heap-only update, so every index of users would get a new entry.
 * The primary key serves the id ranges.
 */
export const sqliteOnlyIndexes = ["users_scores_idx"] as const;

/**
 * What only PostgreSQL has: the slots hot counters are split into (stats.ts), and the table of
 * per-task completion counts kept that way. The rules never see them: PostgreSQL's statements
 * read the sums.
 */
export const pgOnly = {
  columns: { daily_stats: ["slot"], counters: ["slot"], rank_counts: ["slot"] },
  tables: ["task_completion_counts"],
} as const;
