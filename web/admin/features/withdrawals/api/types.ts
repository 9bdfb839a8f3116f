// Withdrawal as the admin API answers it (docs/api.md, "Withdrawal").
export type WithdrawalStatus = "pending" | "approved" | "paid" | "rejected";

export type Withdrawal = {
  id: number;
  userId: number;
  tgId: number;
  username: string | null;
  amountUsdt: string;
  addressBep20: string;
  status: WithdrawalStatus;
  txHash: string | null;
  failReason: string | null;
  createdAt: string;
  processedAt: string | null;
};

export const WITHDRAWALS_KEY = "admin/withdrawals";

/** What the list and the dashboard card show for who asked: "@name", else user_{tgId}. */
export function requesterName(w: Pick<Withdrawal, "username" | "tgId">): string {
  return w.username ? `@${w.username}` : `user_${w.tgId}`;
}

// The server checks the same rule; checking here keeps the confirm button honest.
export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
