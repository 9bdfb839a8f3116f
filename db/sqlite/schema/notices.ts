// Notices about a user's money, one row each until delivered (domain/notices.ts); claimed under a
// lease like broadcast deliveries, so a sender that dies leaves them to another.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { noticeKinds, noticeStatuses } from "@/domain/model/notices.ts";
import { users } from "./users.ts";

export const notices = sqliteTable(
  "notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    kind: text("kind", { enum: noticeKinds }).notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: noticeStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimToken: text("claim_token"),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("notices_status_idx").on(t.status, t.id), index("notices_claim_idx").on(t.claimToken), index("notices_user_idx").on(t.userId)],
);
