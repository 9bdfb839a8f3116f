// Notices about a user's money (PostgreSQL); see db/sqlite/schema/notices.ts.
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { noticeKinds, noticeStatuses } from "@/domain/model/notices.ts";
import { jsonObject, moment, oneOf } from "./columns.ts";
import { users } from "./users.ts";

export const notices = pgTable(
  "notices",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id),
    kind: text("kind", { enum: noticeKinds }).notNull(),
    payload: jsonObject("payload").notNull(),
    status: text("status", { enum: noticeStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimToken: text("claim_token"),
    leaseUntil: moment("lease_until"),
    lastError: text("last_error"),
    createdAt: moment("created_at").notNull(),
    sentAt: moment("sent_at"),
  },
  (t) => [
    index("notices_status_idx").on(t.status, t.id),
    index("notices_claim_idx").on(t.claimToken),
    index("notices_user_idx").on(t.userId),
    check("notices_status_valid", oneOf(t.status, noticeStatuses)),
    check("notices_kind_valid", oneOf(t.kind, noticeKinds)),
  ],
);
