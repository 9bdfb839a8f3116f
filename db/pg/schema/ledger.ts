// The ledger (PostgreSQL); see db/sqlite/schema/ledger.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { milestoneIndex } from "@/db/referral-milestone.ts";
import { ledgerEntryTypes, ledgerReasons } from "@/domain/model/ledger.ts";
import { int8, moment, oneOf } from "./columns.ts";
import { users } from "./users.ts";

export const ledger = pgTable(
  "ledger",
  {
    // Several rows per task completion: the table outgrows int4 first.
    id: int8("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id),
    type: text("type", { enum: ledgerEntryTypes }).notNull(),
    reason: text("reason", { enum: ledgerReasons }).notNull(),
    amount: int8("amount").notNull(),
    // A withdrawal's or a task completion's id; the latter are int8.
    refId: int8("ref_id"),
    note: text("note"),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [
    index("ledger_user_idx").on(t.userId, t.id),
    milestoneIndex("ledger_milestones_idx", { referrer: t.userId, reason: t.reason }, index),
    check("ledger_amount_positive", sql`${t.amount} > 0`),
    check("ledger_type_valid", oneOf(t.type, ledgerEntryTypes)),
    check("ledger_reason_valid", oneOf(t.reason, ledgerReasons)),
  ],
);
