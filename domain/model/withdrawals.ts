// Withdrawal requests: at most one open (in review, pending or approved) per user.

/** review: from a flagged user, waiting for an admin's look before it joins the pending queue. */
export const withdrawalStatuses = ["review", "pending", "approved", "paid", "rejected"] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
/** Waiting for an admin: a user has at most one of these at a time (a unique index on both engines). */
export const openWithdrawalStatuses = ["review", "pending", "approved"] as const satisfies readonly WithdrawalStatus[];

export type Withdrawal = {
  id: number;
  userId: number;
  amount: number;
  address: string;
  status: WithdrawalStatus;
  txHash: string | null;
  failReason: string | null;
  processedBy: number | null;
  createdAt: Date;
  processedAt: Date | null;
};
