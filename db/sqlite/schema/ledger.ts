// The ledger is the truth about money: users.balance is a cache of credits minus debits.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { milestoneIndex } from "@/db/referral-milestone.ts";
import { users } from "./users.ts";
import { ledgerEntryTypes, ledgerReasons } from "@/domain/model/ledger.ts";

export const ledger = sqliteTable(
  "ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    type: text("type", { enum: ledgerEntryTypes }).notNull(),
    reason: text("reason", { enum: ledgerReasons }).notNull(),
    amount: integer("amount").notNull(),
    refId: integer("ref_id"),
    note: text("note"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("ledger_user_idx").on(t.userId, t.id),
    milestoneIndex("ledger_milestones_idx", { referrer: t.userId, reason: t.reason }, index),
    check("ledger_amount_positive", sql`${t.amount} > 0`),
  ],
);
