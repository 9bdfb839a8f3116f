// Indexes that are the same on both engines, written once: each schema hands in its own index
// builders and columns.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { unfinishedWithdrawalStatuses } from "@/domain/model/withdrawals.ts";
import { oneOf } from "./ops.ts";

/** An engine's index() or uniqueIndex(): a name, then the columns or expressions, then an optional condition. */
type IndexOf<C, B extends { where(condition: SQL): B }> = (name: string) => { on(...columns: [C | SQL, ...(C | SQL)[]]): B };

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
