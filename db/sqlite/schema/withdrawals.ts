// Withdrawal requests; their indexes, the same on both engines, are in db/indexes.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { admins } from "./admins.ts";
import { users } from "./users.ts";
import { withdrawalStatuses } from "@/domain/model/withdrawals.ts";
import { withdrawalIndexes } from "@/db/indexes.ts";

export const withdrawals = sqliteTable(
  "withdrawals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    amount: integer("amount").notNull(),
    address: text("address").notNull(),
    status: text("status", { enum: withdrawalStatuses }).notNull().default("pending"),
    txHash: text("tx_hash"),
    txChecked: integer("tx_checked", { mode: "boolean" }).notNull().default(false),
    txBlock: integer("tx_block"),
    txBlockHash: text("tx_block_hash"),
    returnReason: text("return_reason"),
    failReason: text("fail_reason"),
    processedBy: integer("processed_by").references(() => admins.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    processedAt: integer("processed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    ...withdrawalIndexes(t, index, uniqueIndex),
    check("withdrawals_amount_positive", sql`${t.amount} > 0`),
  ],
);
