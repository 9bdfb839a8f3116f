// The hot wallet's signed transfers and its nonce row (domain/model/payout-sends.ts).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { payoutSendStates } from "@/domain/model/payout-sends.ts";
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
    uniqueIndex("payout_sends_tx_hash_unique").on(t.txHash),
    uniqueIndex("payout_sends_nonce_unique").on(t.wallet, t.nonce),
    uniqueIndex("payout_sends_one_live").on(t.withdrawalId).where(sql`${t.state} in ('signed', 'sent', 'mined')`),
    index("payout_sends_state_idx").on(t.state, t.id),
    index("payout_sends_signed_at_idx").on(t.wallet, t.signedAt),
  ],
);

export const payoutWallets = sqliteTable("payout_wallets", {
  address: text("address").primaryKey(),
  nextNonce: integer("next_nonce").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
