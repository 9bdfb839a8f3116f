// Withdrawal requests: at most one open (in review, pending or approved) per user.

/** review: from a flagged user, waiting for an admin's look before it joins the pending queue. */
export const withdrawalStatuses = ["review", "pending", "approved", "paid", "rejected"] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

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
