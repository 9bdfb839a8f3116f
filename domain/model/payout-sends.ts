// Transfers the hot wallet signed for withdrawals (PAYOUT_KEY_FILE): each kept, with its nonce and
// its signed bytes, from before it is broadcast, so a crash at any point is recovered by sending the
// same bytes again (the same hash) or finding them mined, never by signing a second transfer.

/**
 * signed: recorded, perhaps not broadcast yet (a crash right after the commit leaves it so).
 * sent: the RPC took it. mined: in a block, the withdrawal follows the confirmations' path.
 * failed: mined and reverted, so nothing moved. dropped: its nonce was taken by another
 * transaction and it was never mined, proven by the chain; the withdrawal waits for an admin.
 */
export const payoutSendStates = ["signed", "sent", "mined", "failed", "dropped"] as const;
export type PayoutSendState = (typeof payoutSendStates)[number];
/** A transfer that may still move (or has moved) the money: at most one per withdrawal (a unique index). */
export const livePayoutSendStates = ["signed", "sent", "mined"] as const satisfies readonly PayoutSendState[];

export type PayoutSend = {
  id: number;
  withdrawalId: number;
  /** The hot wallet's address, lower case. */
  wallet: string;
  nonce: number;
  /** micro-USDT, as the withdrawal's amount. */
  amount: number;
  /** The signed transaction, 0x hex, as broadcast. */
  rawTx: string;
  txHash: string;
  state: PayoutSendState;
  /** What the chain showed when it was found dropped or failed, for the admin who decides. */
  evidence: string | null;
  signedBy: number | null;
  signedAt: Date;
  sentAt: Date | null;
  settledAt: Date | null;
};

/** The next nonce the fleet hands out for a hot wallet: one row per wallet, advanced as a transfer is recorded. */
export type PayoutWallet = { address: string; nextNonce: number; updatedAt: Date };
