// Broadcast messages and one delivery row per recipient. A flush claims pending rows with a
// conditional update, so two flushes never take the same row; a claim is a lease (claim_token
// holds it until lease_until), so the deliveries of a flush that died go to a later one. The
// pace row says when the next batch may start, for every server on the database at once.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { admins } from "./admins.ts";
import { users } from "./users.ts";
import { deliveryStatuses } from "@/domain/model/broadcasts.ts";

export const broadcasts = sqliteTable("broadcasts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  message: text("message").notNull(),
  /** The message in other languages, by language code; a user gets theirs or `message`. */
  texts: text("texts", { mode: "json" }).$type<Record<string, string>>(),
  createdBy: integer("created_by").references(() => admins.id),
  total: integer("total").notNull().default(0),
  sent: integer("sent").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  /** When the broadcast stopped before its end: cancelled by an admin, or a text Telegram refuses. */
  stoppedAt: integer("stopped_at", { mode: "timestamp_ms" }),
  /** Why it stopped; its deliveries still pending were marked failed with this reason. */
  stopReason: text("stop_reason"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

export const broadcastDeliveries = sqliteTable(
  "broadcast_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    broadcastId: integer("broadcast_id").notNull().references(() => broadcasts.id),
    userId: integer("user_id").notNull().references(() => users.id),
    status: text("status", { enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimToken: text("claim_token"),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("broadcast_deliveries_status_idx").on(t.status, t.id),
    index("broadcast_deliveries_claim_idx").on(t.claimToken),
    // Foreign keys need an index on the child side, or SQLite scans this table whenever it
    // checks a user or broadcast row against it.
    index("broadcast_deliveries_user_idx").on(t.userId),
    index("broadcast_deliveries_broadcast_idx").on(t.broadcastId),
  ],
);

/** One row: when the next batch of any flush, from any server or cron, may start. */
export const broadcastPace = sqliteTable(
  "broadcast_pace",
  {
    id: integer("id").primaryKey().default(1),
    nextBatchAt: integer("next_batch_at", { mode: "timestamp_ms" }).notNull(),
    /** The send rate's bucket (GCRA), shared by the fleet: when the next message may go out. */
    sendsAt: integer("sends_at", { mode: "timestamp_ms" }),
  },
  (t) => [check("broadcast_pace_one_row", sql`${t.id} = 1`)],
);
