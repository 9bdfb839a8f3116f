// The statements the hot wallet's sending (payout-send.ts, payout-send-recovery.ts) needs from an engine.
import type { PayoutSend, PayoutSendState } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type PayoutSendStatements = {
  /** The wallet's next nonce as the fleet last advanced it; undefined before its first transfer. */
  nextNonce(wallet: string): Op<number | undefined>;
  /**
   * Takes `nonce` for a transfer: advances the wallet's row past it only if no transfer recorded
   * so far holds it or a later one (the row's next nonce is at most `nonce`). False when another
   * writer took it first; on PostgreSQL the row's lock makes a second writer wait, then read the
   * advanced row, so of two only one takes a nonce.
   */
  takeNonce(wallet: string, nonce: number, at: Date): Op<boolean>;
  insert(values: Omit<PayoutSend, "id" | "state" | "evidence" | "sentAt" | "settledAt">): Op<PayoutSend>;
  /** micro-USDT of the wallet's transfers signed since `since`, those proven dropped or failed aside (they moved nothing). */
  signedSince(wallet: string, since: Date): Op<number>;
  /** The withdrawal's transfer that may still move (or moved) its money, if any. */
  liveFor(withdrawalId: number): Op<PayoutSend | undefined>;
  /** Every transfer signed for the withdrawal, newest first: the evidence an admin reads. */
  forWithdrawal(withdrawalId: number): Op<PayoutSend[]>;
  /** Transfers not known to be mined, dropped or failed, oldest first. */
  unsettled(limit: number): Op<PayoutSend[]>;
  /** Moves a transfer from one of `from` to `set.state`; false when it was no longer in one of them. */
  mark(id: number, from: readonly PayoutSendState[], set: Partial<PayoutSend> & { state: PayoutSendState }): Op<boolean>;
};
