// Users of the bot (PostgreSQL); see db/sqlite/schema/users.ts.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { riskStatuses } from "@/domain/model/users.ts";
import { int8, moment, oneOf } from "./columns.ts";

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    tgId: int8("tg_id").notNull(),
    username: text("username"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    refCode: text("ref_code").notNull(),
    walletBep20: text("wallet_bep20"),
    balance: int8("balance").notNull().default(0),
    heldBalance: int8("held_balance").notNull().default(0),
    totalEarned: int8("total_earned").notNull().default(0),
    earnedToday: int8("earned_today").notNull().default(0),
    earnedDay: text("earned_day"),
    referralEarned: int8("referral_earned").notNull().default(0),
    qualifiedReferrals: integer("qualified_referrals").notNull().default(0),
    totalInvited: integer("total_invited").notNull().default(0),
    tasksCompleted: integer("tasks_completed").notNull().default(0),
    dailyTasksCompleted: integer("daily_tasks_completed").notNull().default(0),
    channelJoined: boolean("channel_joined").notNull().default(false),
    currentStreak: integer("current_streak").notNull().default(0),
    lastDailyDay: text("last_daily_day"),
    lastActiveDay: text("last_active_day"),
    lastActivityAt: moment("last_activity_at"),
    isBanned: boolean("is_banned").notNull().default(false),
    banReason: text("ban_reason"),
    isActive: boolean("is_active").notNull().default(true),
    language: text("language"),
    tgLanguage: text("tg_language"),
    isPremium: boolean("is_premium").notNull().default(false),
    riskScore: integer("risk_score").notNull().default(0),
    riskStatus: text("risk_status", { enum: riskStatuses }),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_tg_id_unique").on(t.tgId),
    uniqueIndex("users_ref_code_unique").on(t.refCode),
    // In the "C" collation, as the admin search's prefix ranges compare (db/pg/store/admin-users.ts):
    // an index in the database's own collation would not serve them.
    index("users_wallet_idx").on(sql`(lower(${t.walletBep20}) collate "C")`),
    index("users_username_lower_idx").on(sql`(lower(${t.username}) collate "C")`),
    index("users_risk_idx").on(t.riskStatus, t.id).where(sql`${t.riskStatus} is not null`),
    // SQLite's users_scores_idx is left out on purpose (see sqliteOnlyIndexes in index.ts).
    check("users_balance_non_negative", sql`${t.balance} >= 0`),
    check("users_held_balance_non_negative", sql`${t.heldBalance} >= 0`),
    check("users_risk_status_valid", oneOf(t.riskStatus, riskStatuses)),
  ],
);
