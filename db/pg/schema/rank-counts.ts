// Users per score and leaderboard category (PostgreSQL); see db/sqlite/schema/rank-counts.ts. A trigger
// on users records each change of a user's scores in rank_moves, in the writer's transaction, and
// the moves are added into rank_counts in batches (migration 0009, db/pg/store/rank-moves.ts);
// readers add up both, through the view rank_counts_live.
import { bigint, check, index, integer, pgTable, pgView, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { rankCategories } from "@/domain/model/stats.ts";
import { int8, oneOf } from "./columns.ts";

export const rankCounts = pgTable(
  "rank_counts",
  {
    category: text("category", { enum: rankCategories }).notNull(),
    block: integer("block").notNull(),
    // The earnings score is total_earned, an amount.
    score: int8("score").notNull(),
    users: integer("users").notNull(),
    // Was split as the dashboard counters are (stats.ts), to spread concurrent writers; only the
    // adding in of score moves writes rows now, all into slot 0 (migration 0009).
    slot: smallint("slot").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.category, t.block, t.score, t.slot] }),
    index("rank_counts_score_idx").on(t.category, t.score, t.block),
    check("rank_counts_category_valid", oneOf(t.category, rankCategories)),
  ],
);

/**
 * One change of a user's scores, not yet added into rank_counts: the scores the user counted with
 * before (null when they did not count: a new or banned user) and after (null: deleted or banned).
 * Appending a row takes no lock another writer waits for, where adding the change into
 * rank_counts itself would lock the rows of the scores it moves between until the commit.
 */
export const rankMoves = pgTable("rank_moves", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer("user_id").notNull(),
  oldEarnings: int8("old_earnings"),
  oldReferrals: integer("old_referrals"),
  oldActivity: integer("old_activity"),
  newEarnings: int8("new_earnings"),
  newReferrals: integer("new_referrals"),
  newActivity: integer("new_activity"),
});

/** rank_counts with the moves not yet added into it: what the leaderboards read (migration 0009). */
export const rankCountsLive = pgView("rank_counts_live", {
  category: text("category", { enum: rankCategories }).notNull(),
  block: integer("block").notNull(),
  score: int8("score").notNull(),
  users: integer("users").notNull(),
}).existing();
