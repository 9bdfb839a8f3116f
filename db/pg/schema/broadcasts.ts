// Broadcast messages and their deliveries (PostgreSQL); see db/sqlite/schema/broadcasts.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { deliveryStatuses } from "@/domain/model/broadcasts.ts";
import { admins } from "./admins.ts";
import { int8, jsonObject, moment, oneOf } from "./columns.ts";

export const broadcasts = pgTable("broadcasts", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  message: text("message").notNull(),
  texts: jsonObject("texts").$type<Record<string, string>>(),
  createdBy: integer("created_by").references(() => admins.id),
  total: integer("total").notNull().default(0),
  sent: integer("sent").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  /** When the broadcast stopped before its end: cancelled by an admin, or a text Telegram refuses. */
  stoppedAt: moment("stopped_at"),
  /** Why it stopped; its deliveries still pending were marked failed with this reason. */
  stopReason: text("stop_reason"),
  createdAt: moment("created_at").notNull(),
});

export const broadcastDeliveries = pgTable(
  "broadcast_deliveries",
  {
    // One row per user per broadcast: a million users pass int4 within a few thousand messages.
    id: int8("id").primaryKey().generatedByDefaultAsIdentity(),
    // No foreign keys here, unlike SQLite: queueing a broadcast to a million users spent 7.5 of
    // its 12.5 s checking them, one lookup and row lock of the parent per delivery. Neither parent
    // is ever deleted (nothing in refbot deletes a user or a broadcast), and every delivery is
    // written by queueToEveryone from the users table and the broadcast it has just inserted.
    broadcastId: integer("broadcast_id").notNull(),
    userId: integer("user_id").notNull(),
    status: text("status", { enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimToken: text("claim_token"),
    claimedAt: moment("claimed_at"),
    leaseUntil: moment("lease_until"),
    lastError: text("last_error"),
    sentAt: moment("sent_at"),
  },
  (t) => [
    // Besides the key, an index of the deliveries still pending and one of those being sent, in
    // id order: claims walk the first, and the second for leases run out; a release finds its
    // token's rows among the few being sent. A sent or failed delivery is in neither, so they
    // stay the size of what is left to send, not of every delivery ever queued (SQLite's (status,
    // id) index, which PostgreSQL does without, keeps one entry per delivery for good). SQLite's
    // other three are left out too (sqliteOnlyIndexes in index.ts).
    index("broadcast_deliveries_pending_idx").on(t.id).where(sql`${t.status} = 'pending'`),
    index("broadcast_deliveries_sending_idx").on(t.id).where(sql`${t.status} = 'sending'`),
    check("broadcast_deliveries_status_valid", oneOf(t.status, deliveryStatuses)),
  ],
);

export const broadcastPace = pgTable(
  "broadcast_pace",
  {
    id: integer("id").primaryKey().default(1),
    nextBatchAt: moment("next_batch_at").notNull(),
    /** The send rate's bucket (GCRA), shared by the fleet: when the next message may go out. */
    sendsAt: moment("sends_at"),
  },
  (t) => [check("broadcast_pace_one_row", sql`${t.id} = 1`)],
);
