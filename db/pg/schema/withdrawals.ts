// Withdrawal requests (PostgreSQL); their indexes, the same on both engines, are in db/indexes.ts.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { withdrawalStatuses } from "@/domain/model/withdrawals.ts";
import { withdrawalIndexes } from "@/db/indexes.ts";
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
    txChecked: boolean("tx_checked").notNull().default(false),
    txBlock: int8("tx_block"),
    txBlockHash: text("tx_block_hash"),
    returnReason: text("return_reason"),
    failReason: text("fail_reason"),
    processedBy: integer("processed_by").references(() => admins.id),
    createdAt: moment("created_at").notNull(),
    processedAt: moment("processed_at"),
  },
  (t) => [
    ...withdrawalIndexes(t, index, uniqueIndex),
    check("withdrawals_amount_positive", sql`${t.amount} > 0`),
    check("withdrawals_status_valid", oneOf(t.status, withdrawalStatuses)),
  ],
);
