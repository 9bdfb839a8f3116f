// Withdrawal requests: at most one unfinished (in review, pending, approved or confirming) per user.

/**
 * review: from a flagged user, waiting for an admin's look before it joins the pending queue.
 * confirming: sent, its transaction found on chain and matching, waiting for enough blocks on top
 * of it before it counts as paid (only with BSC_RPC_URL set).
 */
export const withdrawalStatuses = ["review", "pending", "approved", "confirming", "paid", "rejected"] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
/** Waiting for an admin: what a ban takes back and refunds, and what the payout queue's age counts. */
export const openWithdrawalStatuses = ["review", "pending", "approved"] as const satisfies readonly WithdrawalStatus[];
/**
 * Not yet over: a user has at most one of these at a time (a unique index on both engines). A
 * confirming payout counts, so a reorganisation that sends it back to approved never meets a
 * newer request of the same user.
 */
export const unfinishedWithdrawalStatuses = [...openWithdrawalStatuses, "confirming"] as const satisfies readonly WithdrawalStatus[];

export type Withdrawal = {
  id: number;
  userId: number;
  amount: number;
  address: string;
  status: WithdrawalStatus;
  txHash: string | null;
  /** The hash was found on chain paying exactly this request (false: typed in without BSC_RPC_URL). */
  txChecked: boolean;
  /** Where the checked transaction was mined, to notice it leaving the chain (a reorganisation). */
  txBlock: number | null;
  txBlockHash: string | null;
  /** Why a payout came back from confirming to approved, for the admin who sends it again. */
  returnReason: string | null;
  failReason: string | null;
  processedBy: number | null;
  createdAt: Date;
  processedAt: Date | null;
};
