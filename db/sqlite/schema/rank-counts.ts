// How many (non-banned) users hold each score, per leaderboard category: one row per score with
// block = -1, and one per score and block of 1024 user ids (rankBlockBits). A rank is then a sum
// over a few hundred small rows plus a count inside one block, instead of a count over a million
// index entries. SQLite triggers (migration 0004, blocks of 1024 since 0021) keep the rows in step
// with users, so no code path can forget them.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { rankCategories } from "@/domain/model/stats.ts";

export const rankCounts = sqliteTable(
  "rank_counts",
  {
    category: text("category", { enum: rankCategories }).notNull(),
    block: integer("block").notNull(),
    score: integer("score").notNull(),
    users: integer("users").notNull(),
  },
  (t) => [primaryKey({ columns: [t.category, t.block, t.score] }), index("rank_counts_score_idx").on(t.category, t.score, t.block)],
);
