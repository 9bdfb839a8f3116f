// The hot wallet's signed transfers and its nonce row (domain/model/payout-sends.ts); their indexes, the same on both engines, are in db/indexes.ts.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { payoutSendStates } from "@/domain/model/payout-sends.ts";
import { payoutSendIndexes } from "@/db/indexes.ts";
import { admins } from "./admins.ts";
import { withdrawals } from "./withdrawals.ts";

export const payoutSends = sqliteTable(
  "payout_sends",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    withdrawalId: integer("withdrawal_id").notNull().references(() => withdrawals.id),
    wallet: text("wallet").notNull(),
    nonce: integer("nonce").notNull(),
    amount: integer("amount").notNull(),
    rawTx: text("raw_tx").notNull(),
    txHash: text("tx_hash").notNull(),
    state: text("state", { enum: payoutSendStates }).notNull().default("signed"),
    evidence: text("evidence"),
    signedBy: integer("signed_by").references(() => admins.id),
    signedAt: integer("signed_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    settledAt: integer("settled_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    ...payoutSendIndexes(t, index, uniqueIndex),
  ],
);

export const payoutWallets = sqliteTable("payout_wallets", {
  address: text("address").primaryKey(),
  nextNonce: integer("next_nonce").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
