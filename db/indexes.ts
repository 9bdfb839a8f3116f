// Indexes that are the same on both engines, written once: each schema hands in its own index
// builders and columns.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { livePayoutSendStates } from "@/domain/model/payout-sends.ts";
import { unfinishedWithdrawalStatuses } from "@/domain/model/withdrawals.ts";
import { oneOf } from "./ops.ts";

/** An engine's index() or uniqueIndex(): a name, then the columns or expressions, then an optional condition. */
export type IndexOf<C, B extends { where(condition: SQL): B }> = (name: string) => { on(...columns: [C | SQL, ...(C | SQL)[]]): B };

/**
 * Two of these are rules the database enforces rather than a read before a write: a user has at
 * most one unfinished withdrawal (in review, pending, approved or confirming), and a transaction hash pays at most
 * one withdrawal, whatever the case of its hex digits.
 */
export function withdrawalIndexes<C extends SQLWrapper, B extends { where(condition: SQL): B }>(
  t: Record<"id" | "userId" | "status" | "txHash", C>,
  index: IndexOf<C, B>,
  uniqueIndex: IndexOf<C, B>,
): B[] {
  return [
    index("withdrawals_status_idx").on(t.status, t.id),
    index("withdrawals_user_idx").on(t.userId, t.id),
    uniqueIndex("withdrawals_one_open_per_user").on(t.userId).where(oneOf(t.status, unfinishedWithdrawalStatuses)),
    uniqueIndex("withdrawals_tx_hash_unique").on(sql`lower(${t.txHash})`).where(sql`${t.txHash} is not null`),
  ];
}

/** The audit log read newest first, filtered by admin or by action, stays an index range however long the log grows. */
export function auditIndexes<C extends SQLWrapper, B extends { where(condition: SQL): B }>(t: Record<"id" | "adminId" | "action", C>, index: IndexOf<C, B>): B[] {
  return [index("admin_audit_admin_idx").on(t.adminId, t.id), index("admin_audit_action_idx").on(t.action, t.id)];
}

/**
 * What makes a hot-wallet transfer happen once: a wallet's nonce is signed for once, a hash is
 * recorded once, and a withdrawal has at most one transfer that is signed, sent or mined.
 */
export function payoutSendIndexes<C extends SQLWrapper, B extends { where(condition: SQL): B }>(
  t: Record<"id" | "withdrawalId" | "wallet" | "nonce" | "txHash" | "state" | "signedAt", C>,
  index: IndexOf<C, B>,
  uniqueIndex: IndexOf<C, B>,
): B[] {
  return [
    uniqueIndex("payout_sends_tx_hash_unique").on(t.txHash),
    uniqueIndex("payout_sends_nonce_unique").on(t.wallet, t.nonce),
    uniqueIndex("payout_sends_one_live").on(t.withdrawalId).where(oneOf(t.state, livePayoutSendStates)),
    index("payout_sends_state_idx").on(t.state, t.id),
    index("payout_sends_signed_at_idx").on(t.wallet, t.signedAt),
  ];
}
