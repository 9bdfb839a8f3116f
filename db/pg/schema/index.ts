// The PostgreSQL schema: the same tables, columns and constraints as db/sqlite/schema/, in PostgreSQL's
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
export * from "./risk.ts";
export * from "./backups.ts";
export * from "./settings.ts";
export * from "./notices.ts";
export * from "./payout-sends.ts";
export * from "./chat-sends.ts";

/**
 * SQLite indexes PostgreSQL does without, with the reason. users_scores_idx is a covering index
 * ordered by id that lets SQLite read score runs without the wide rows. PostgreSQL would gain
 * little (the visibility map of a table updated on every completion sends index-only scans back
 * to the heap) and pay on every completion: an indexed column that changes (total_earned,
 * tasks_completed) rules out a heap-only update, so every index of users would get a new entry.
 * The primary key serves the id ranges.
 */
export const sqliteOnlyIndexes = [
  "users_scores_idx",
  // broadcast_deliveries keeps only its key and the indexes of open deliveries here (pgOnly), so
  // that queueing a broadcast writes two index entries per delivery instead of five, and a
  // delivery sent leaves none behind. The user and broadcast indexes serve SQLite's foreign key
  // checks, which PostgreSQL's deliveries do without (below), and no query looks deliveries up by
  // claim token alone: a release reads the few being sent.
  "broadcast_deliveries_status_idx",
  "broadcast_deliveries_claim_idx",
  "broadcast_deliveries_user_idx",
  "broadcast_deliveries_broadcast_idx",
] as const;

/**
 * SQLite foreign keys PostgreSQL does without, with the reason: checking them was 60 % of
 * queueing a broadcast (one parent lookup and row lock per delivery, a million per broadcast), and
 * they guard nothing there. No user and no broadcast is ever deleted, and the one statement that
 * writes deliveries (queueToEveryone) takes the ids from the users table and the broadcast row its
 * own transaction inserted.
 */
export const sqliteOnlyForeignKeys = ["broadcast_deliveries.broadcast_id -> broadcasts.id", "broadcast_deliveries.user_id -> users.id"] as const;

/**
 * What only PostgreSQL has: the slots hot counters are split into (stats.ts), the table of
 * per-task completion counts kept that way, and the score moves not yet added into rank_counts
 * (rank-counts.ts). The rules never see them: PostgreSQL's statements
 * read the sums. The indexes of open deliveries (broadcasts.ts), and of referrals waiting to
 * qualify, which every completion asks about (referrals.ts).
 */
export const pgOnly = {
  columns: { daily_stats: ["slot"], counters: ["slot"], rank_counts: ["slot"] },
  tables: ["task_completion_counts", "rank_moves"],
  indexes: ["broadcast_deliveries_pending_idx", "broadcast_deliveries_sending_idx", "referrals_pending_idx"],
} as const;
