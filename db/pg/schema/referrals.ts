// Who invited whom (PostgreSQL); see db/sqlite/schema/referrals.ts.
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
  (t) => [index("referrals_referrer_idx").on(t.referrerId, t.referredId)],
);
