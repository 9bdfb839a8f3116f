// What refbot keeps to notice and undo referral farming (domain/risk.ts): held referral bonuses,
// risk signals with their evidence, the clients each user was seen from, and the day's payout
// total that the operator's limit is checked against.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { milestoneIndex } from "@/db/referral-milestone.ts";
import { users } from "./users.ts";
import { holdReasons, holdStatuses } from "@/domain/model/risk.ts";

/** A referral bonus earned but not yet paid into the balance: one per referred user and reason. */
export const referralHolds = sqliteTable(
  "referral_holds",
  {
    referredId: integer("referred_id").notNull().references(() => users.id),
    reason: text("reason", { enum: holdReasons }).notNull(),
    referrerId: integer("referrer_id").notNull().references(() => users.id),
    amount: integer("amount").notNull(),
    status: text("status", { enum: holdStatuses }).notNull().default("held"),
    releaseAt: integer("release_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    settledAt: integer("settled_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.referredId, t.reason] }),
    index("referral_holds_due_idx").on(t.status, t.releaseAt),
    index("referral_holds_referrer_idx").on(t.referrerId),
    milestoneIndex("referral_holds_milestones_idx", { referrer: t.referrerId, reason: t.reason }, index),
    check("referral_holds_amount_positive", sql`${t.amount} > 0`),
  ],
);

/** One row per user and signal: the latest evidence and the weight it adds to the score. */
export const riskSignals = sqliteTable(
  "risk_signals",
  {
    userId: integer("user_id").notNull().references(() => users.id),
    name: text("name").notNull(),
    weight: integer("weight").notNull(),
    evidence: text("evidence", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/** Each client (address and user agent) a user opened the mini app from, first sighting only. */
export const clientSightings = sqliteTable(
  "client_sightings",
  {
    userId: integer("user_id").notNull().references(() => users.id),
    /** A short hash of address and user agent: the key accounts sharing a client meet on. */
    client: text("client").notNull(),
    address: text("address").notNull(),
    userAgent: text("user_agent").notNull(),
    seenAt: integer("seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.client] }), index("client_sightings_client_idx").on(t.client, t.userId)],
);

/** The amount requested for withdrawal per UTC day, across all users, for PAYOUT_DAILY_LIMIT. */
export const payoutDays = sqliteTable("payout_days", {
  day: text("day").primaryKey(),
  total: integer("total").notNull().default(0),
});
