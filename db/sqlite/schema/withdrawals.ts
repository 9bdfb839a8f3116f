// Withdrawal requests. The partial unique index allows one open (in review, pending or approved) request
// per user, enforced by the database rather than by a read before the insert; another keeps
// each transaction hash to one withdrawal.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { admins } from "./admins.ts";
import { users } from "./users.ts";
import { openWithdrawalStatuses, withdrawalStatuses } from "@/domain/model/withdrawals.ts";
import { oneOf } from "@/db/ops.ts";

export const withdrawals = sqliteTable(
  "withdrawals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    amount: integer("amount").notNull(),
    address: text("address").notNull(),
    status: text("status", { enum: withdrawalStatuses }).notNull().default("pending"),
    txHash: text("tx_hash"),
    failReason: text("fail_reason"),
    processedBy: integer("processed_by").references(() => admins.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    processedAt: integer("processed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("withdrawals_status_idx").on(t.status, t.id),
    index("withdrawals_user_idx").on(t.userId, t.id),
    uniqueIndex("withdrawals_one_open_per_user")
      .on(t.userId)
      .where(oneOf(t.status, openWithdrawalStatuses)),
    // A transaction hash pays at most one withdrawal, whatever the case of its hex digits.
    uniqueIndex("withdrawals_tx_hash_unique").on(sql`lower(${t.txHash})`).where(sql`${t.txHash} is not null`),
    check("withdrawals_amount_positive", sql`${t.amount} > 0`),
  ],
);
