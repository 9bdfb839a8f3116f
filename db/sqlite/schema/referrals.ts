// Who invited whom: one row per referred user, bound once at registration.
import { index, integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

export const referrals = sqliteTable(
  "referrals",
  {
    referredId: integer("referred_id").primaryKey().references(() => users.id),
    referrerId: integer("referrer_id").notNull().references(() => users.id),
    qualifiedAt: integer("qualified_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("referrals_referrer_idx").on(t.referrerId, t.referredId)],
);
