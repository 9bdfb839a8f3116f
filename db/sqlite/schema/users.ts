// Users of the bot. Balances and the figures that leaderboards and stats sort or count by are
// kept here as counters, updated in the same transaction as the rows they summarise, so no
// request has to scan the ledger or the users table.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { riskStatuses } from "@/domain/model/users.ts";

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
    /**
     * Referral bonuses earned but not yet spendable: the sum of this user's held referral_holds.
     * No CHECK here as on PostgreSQL: adding one would make SQLite rebuild the table, dropping the
     * rank-count triggers; the conditional updates in db/sqlite/store/risk.ts keep it from going negative.
     */
    heldBalance: integer("held_balance").notNull().default(0),
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
    /** The language the user picked in the mini app; null follows Telegram's (tgLanguage). */
    language: text("language"),
    /** Telegram's language_code, as last seen in an update or the mini app's init data. */
    tgLanguage: text("tg_language"),
    isPremium: integer("is_premium", { mode: "boolean" }).notNull().default(false),
    /** The sum of the weights of this user's risk signals (domain/risk.ts). */
    riskScore: integer("risk_score").notNull().default(0),
    riskStatus: text("risk_status", { enum: riskStatuses }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("users_tg_id_unique").on(t.tgId),
    uniqueIndex("users_ref_code_unique").on(t.refCode),
    // Not unique: an address may be set by several accounts, and a shared one is a risk signal
    // (domain/risk.ts) rather than a refusal, so nobody can block a victim by claiming their address.
    index("users_wallet_idx").on(sql`lower(${t.walletBep20})`),
    index("users_username_lower_idx").on(sql`lower(${t.username})`),
    // The leaderboard scores by id: top lists and ranks read a run of ids from it (the blocks
    // rank_counts points at) without touching the wide rows. Ordered by id, a changed score
    // rewrites its entry in place; an index ordered by score would move it to another page on
    // every task completion.
    // The risk review's queue: only users with a status are in it.
    index("users_risk_idx").on(t.riskStatus, t.id).where(sql`${t.riskStatus} is not null`),
    index("users_scores_idx").on(t.id, t.isBanned, t.totalEarned, t.qualifiedReferrals, t.tasksCompleted),
    check("users_balance_non_negative", sql`${t.balance} >= 0`),
  ],
);
