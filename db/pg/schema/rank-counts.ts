// Users per score and leaderboard category (PostgreSQL); see db/schema/rank-counts.ts. Triggers
// in migration 0001 keep the rows in step with users.
import { check, index, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { rankCategories } from "@/db/schema/rank-counts.ts";
import { int8, oneOf } from "./columns.ts";

export const rankCounts = pgTable(
  "rank_counts",
  {
    category: text("category", { enum: rankCategories }).notNull(),
    block: integer("block").notNull(),
    // The earnings score is total_earned, an amount.
    score: int8("score").notNull(),
    users: integer("users").notNull(),
    // Split as the dashboard counters are (stats.ts): a user's changes land in the slot of their
    // id, so two users moving between the same scores rarely wait on one row. Read as sums.
    slot: smallint("slot").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.category, t.block, t.score, t.slot] }),
    index("rank_counts_score_idx").on(t.category, t.score, t.block),
    check("rank_counts_category_valid", oneOf(t.category, rankCategories)),
  ],
);
