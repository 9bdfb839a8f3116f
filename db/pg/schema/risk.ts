// Held referral bonuses, risk signals, client sightings and payout days (PostgreSQL); see
// db/sqlite/schema/risk.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { milestoneIndex } from "@/db/referral-milestone.ts";
import { holdReasons, holdStatuses } from "@/domain/model/risk.ts";
import { int8, jsonObject, moment, oneOf } from "./columns.ts";
import { users } from "./users.ts";

export const referralHolds = pgTable(
  "referral_holds",
  {
    referredId: integer("referred_id").notNull().references(() => users.id),
    reason: text("reason", { enum: holdReasons }).notNull(),
    referrerId: integer("referrer_id").notNull().references(() => users.id),
    amount: int8("amount").notNull(),
    status: text("status", { enum: holdStatuses }).notNull().default("held"),
    releaseAt: moment("release_at").notNull(),
    createdAt: moment("created_at").notNull(),
    settledAt: moment("settled_at"),
  },
  (t) => [
    primaryKey({ columns: [t.referredId, t.reason] }),
    index("referral_holds_due_idx").on(t.status, t.releaseAt),
    index("referral_holds_referrer_idx").on(t.referrerId),
    milestoneIndex("referral_holds_milestones_idx", { referrer: t.referrerId, reason: t.reason }, index),
    check("referral_holds_amount_positive", sql`${t.amount} > 0`),
    check("referral_holds_reason_valid", oneOf(t.reason, holdReasons)),
    check("referral_holds_status_valid", oneOf(t.status, holdStatuses)),
  ],
);

export const riskSignals = pgTable(
  "risk_signals",
  {
    userId: integer("user_id").notNull().references(() => users.id),
    name: text("name").notNull(),
    weight: integer("weight").notNull(),
    evidence: jsonObject("evidence").notNull(),
    createdAt: moment("created_at").notNull(),
    updatedAt: moment("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

export const clientSightings = pgTable(
  "client_sightings",
  {
    userId: integer("user_id").notNull().references(() => users.id),
    client: text("client").notNull(),
    address: text("address").notNull(),
    userAgent: text("user_agent").notNull(),
    seenAt: moment("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.client] }), index("client_sightings_client_idx").on(t.client, t.userId)],
);

export const payoutDays = pgTable("payout_days", {
  day: text("day").primaryKey(),
  total: int8("total").notNull().default(0),
});
