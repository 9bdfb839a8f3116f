// Who invited whom (PostgreSQL); see db/sqlite/schema/referrals.ts.
import { sql } from "drizzle-orm";
import { index, integer, pgTable } from "drizzle-orm/pg-core";
import { moment } from "./columns.ts";
import { users } from "./users.ts";

export const referrals = pgTable(
  "referrals",
  {
    referredId: integer("referred_id").primaryKey().references(() => users.id),
    referrerId: integer("referrer_id").notNull().references(() => users.id),
    qualifiedAt: moment("qualified_at"),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId, t.referredId),
    // Every completion asks whether its user's referral still waits to qualify (tasks.ts:
    // completedFigures), and most users' does not, or they have none. This index holds only the
    // waiting ones, a third of the referrals and none of their rows, so the question stays in a
    // few hot pages instead of a random leaf of the key and a page of the table per completion.
    // SQLite's referrals are keyed by the rowid, one lookup in a file the OS keeps cached.
    index("referrals_pending_idx").on(t.referredId).where(sql`${t.qualifiedAt} is null`),
  ],
);
