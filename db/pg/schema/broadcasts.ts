// Broadcast messages and their deliveries (PostgreSQL); see db/schema/broadcasts.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { deliveryStatuses } from "@/db/schema/broadcasts.ts";
import { admins } from "./admins.ts";
import { int8, moment, oneOf } from "./columns.ts";
import { users } from "./users.ts";

export const broadcasts = pgTable("broadcasts", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  message: text("message").notNull(),
  createdBy: integer("created_by").references(() => admins.id),
  total: integer("total").notNull().default(0),
  sent: integer("sent").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  createdAt: moment("created_at").notNull(),
});

export const broadcastDeliveries = pgTable(
  "broadcast_deliveries",
  {
    // One row per user per broadcast: a million users pass int4 within a few thousand messages.
    id: int8("id").primaryKey().generatedByDefaultAsIdentity(),
    broadcastId: integer("broadcast_id").notNull().references(() => broadcasts.id),
    userId: integer("user_id").notNull().references(() => users.id),
    status: text("status", { enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimToken: text("claim_token"),
    claimedAt: moment("claimed_at"),
    leaseUntil: moment("lease_until"),
    lastError: text("last_error"),
    sentAt: moment("sent_at"),
  },
  (t) => [
    index("broadcast_deliveries_status_idx").on(t.status, t.id),
    index("broadcast_deliveries_claim_idx").on(t.claimToken),
    // PostgreSQL too scans the child table for a deleted parent row unless this side is indexed.
    index("broadcast_deliveries_user_idx").on(t.userId),
    index("broadcast_deliveries_broadcast_idx").on(t.broadcastId),
    check("broadcast_deliveries_status_valid", oneOf(t.status, deliveryStatuses)),
  ],
);

export const broadcastPace = pgTable(
  "broadcast_pace",
  {
    id: integer("id").primaryKey().default(1),
    nextBatchAt: moment("next_batch_at").notNull(),
  },
  (t) => [check("broadcast_pace_one_row", sql`${t.id} = 1`)],
);
