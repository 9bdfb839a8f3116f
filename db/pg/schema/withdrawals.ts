// Withdrawal requests (PostgreSQL); see db/sqlite/schema/withdrawals.ts for the two unique indexes.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { openWithdrawalStatuses, withdrawalStatuses } from "@/domain/model/withdrawals.ts";
import { admins } from "./admins.ts";
import { int8, moment, oneOf } from "./columns.ts";
import { users } from "./users.ts";

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id),
    amount: int8("amount").notNull(),
    address: text("address").notNull(),
    status: text("status", { enum: withdrawalStatuses }).notNull().default("pending"),
    txHash: text("tx_hash"),
    failReason: text("fail_reason"),
    processedBy: integer("processed_by").references(() => admins.id),
    createdAt: moment("created_at").notNull(),
    processedAt: moment("processed_at"),
  },
  (t) => [
    index("withdrawals_status_idx").on(t.status, t.id),
    index("withdrawals_user_idx").on(t.userId, t.id),
    uniqueIndex("withdrawals_one_open_per_user")
      .on(t.userId)
      .where(oneOf(t.status, openWithdrawalStatuses)),
    uniqueIndex("withdrawals_tx_hash_unique").on(sql`lower(${t.txHash})`).where(sql`${t.txHash} is not null`),
    check("withdrawals_amount_positive", sql`${t.amount} > 0`),
    check("withdrawals_status_valid", oneOf(t.status, withdrawalStatuses)),
  ],
);
