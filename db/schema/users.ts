// Users of the bot. Balances and the figures that leaderboards and stats sort or count by are
// kept here as counters, updated in the same transaction as the rows they summarise, so no
// request has to scan the ledger or the users table.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tgId: integer("tg_id").notNull(),
    username: text("username"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    refCode: text("ref_code").notNull(),
    walletBep20: text("wallet_bep20"),
    balance: integer("balance").notNull().default(0),
    totalEarned: integer("total_earned").notNull().default(0),
    earnedToday: integer("earned_today").notNull().default(0),
    earnedDay: text("earned_day"),
    referralEarned: integer("referral_earned").notNull().default(0),
    qualifiedReferrals: integer("qualified_referrals").notNull().default(0),
    totalInvited: integer("total_invited").notNull().default(0),
    tasksCompleted: integer("tasks_completed").notNull().default(0),
    dailyTasksCompleted: integer("daily_tasks_completed").notNull().default(0),
    channelJoined: integer("channel_joined", { mode: "boolean" }).notNull().default(false),
    currentStreak: integer("current_streak").notNull().default(0),
    lastDailyDay: text("last_daily_day"),
    lastActiveDay: text("last_active_day"),
    lastActivityAt: integer("last_activity_at", { mode: "timestamp_ms" }),
    isBanned: integer("is_banned", { mode: "boolean" }).notNull().default(false),
    banReason: text("ban_reason"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("users_tg_id_unique").on(t.tgId),
    uniqueIndex("users_ref_code_unique").on(t.refCode),
    uniqueIndex("users_wallet_unique").on(sql`lower(${t.walletBep20})`),
    index("users_username_lower_idx").on(sql`lower(${t.username})`),
    // The leaderboard scores by id: top lists and ranks read a run of ids from it (the blocks
    // rank_counts points at) without touching the wide rows. Ordered by id, a changed score
    // rewrites its entry in place; an index ordered by score would move it to another page on
    // every task completion.
    index("users_scores_idx").on(t.id, t.isBanned, t.totalEarned, t.qualifiedReferrals, t.tasksCompleted),
    check("users_balance_non_negative", sql`${t.balance} >= 0`),
  ],
);

export type User = typeof users.$inferSelect;
