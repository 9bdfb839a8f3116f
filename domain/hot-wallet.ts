// The hot wallet payouts are sent from (PAYOUT_KEY_FILE), as the rules need it: sign a token
// transfer with a nonce the database handed out, broadcast signed bytes, and read the wallet's
// nonces and balances. A port: chain/hot-wallet.ts implements it with the key, which never leaves it.
import { AppError } from "./errors.ts";

/** What a transfer is signed with, read once per send: the chain's id, the gas price and the gas allowed. */
export type GasQuote = { chainId: number; gasPrice: bigint; gas: bigint };

/** A signed transaction: its bytes as sent (0x hex) and its hash, both lower case. */
export type SignedTransfer = { rawTx: string; txHash: string };

export type HotWallet = {
  /** The wallet's address, lower case. */
  address: string;
  quote(): Promise<GasQuote>;
  /** Signs a transfer of `value` units of `token` to `to`; nothing is sent. */
  signTransfer(transfer: { token: string; to: string; value: bigint; nonce: number; quote: GasQuote }): Promise<SignedTransfer>;
  /** Hands signed bytes to the RPC; an "already known" or "nonce too low" answer is not an error to the caller's recovery. */
  broadcast(rawTx: string): Promise<void>;
  /** The wallet's transactions mined so far (its next nonce on chain), and with those waiting in the node's pool. */
  nonces(): Promise<{ mined: number; pending: number }>;
  /** Gas (BNB, wei) and `token` units the wallet holds. */
  balances(token: string): Promise<{ native: bigint; token: bigint }>;
};

/** `micro` micro-USDT as units of a token of `decimals` decimals, exactly; a token too coarse for the amount is refused. */
export function tokenUnits(micro: number, decimals: number): bigint {
  const scaled = BigInt(micro) * 10n ** BigInt(decimals);
  if (scaled % 1_000_000n !== 0n) throw new AppError("INVALID_AMOUNT", `The token has ${decimals} decimals: this amount cannot be sent exactly`);
  return scaled / 1_000_000n;
}
