// The hot wallet's signed transfers and its nonce row (PostgreSQL); see db/sqlite/schema/payout-sends.ts.
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { payoutSendStates } from "@/domain/model/payout-sends.ts";
import { payoutSendIndexes } from "@/db/indexes.ts";
import { admins } from "./admins.ts";
import { int8, moment, oneOf } from "./columns.ts";
import { withdrawals } from "./withdrawals.ts";

export const payoutSends = pgTable(
  "payout_sends",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    withdrawalId: integer("withdrawal_id").notNull().references(() => withdrawals.id),
    wallet: text("wallet").notNull(),
    nonce: int8("nonce").notNull(),
    amount: int8("amount").notNull(),
    rawTx: text("raw_tx").notNull(),
    txHash: text("tx_hash").notNull(),
    state: text("state", { enum: payoutSendStates }).notNull().default("signed"),
    evidence: text("evidence"),
    signedBy: integer("signed_by").references(() => admins.id),
    signedAt: moment("signed_at").notNull(),
    sentAt: moment("sent_at"),
    settledAt: moment("settled_at"),
  },
  (t) => [
    ...payoutSendIndexes(t, index, uniqueIndex),
    check("payout_sends_state_valid", oneOf(t.state, payoutSendStates)),
  ],
);

export const payoutWallets = pgTable("payout_wallets", {
  address: text("address").primaryKey(),
  nextNonce: int8("next_nonce").notNull(),
  updatedAt: moment("updated_at").notNull(),
});
