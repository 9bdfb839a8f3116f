// The chain a payout is checked on (BNB Smart Chain), as the rules need it: a transaction's outcome
// with the token transfers it logged, and the newest block. A port: the server hands in a client
// when BSC_RPC_URL is set (chain/), and without one payouts are typed in unchecked.
import { AppError } from "./errors.ts";
import type { HotWallet } from "./hot-wallet.ts";

/** A token's Transfer event, addresses in lower case. */
export type TokenTransfer = { token: string; from: string; to: string; value: bigint };

/** A mined transaction: whether it succeeded, where it was mined and what it transferred. */
export type MinedTransaction = { hash: string; succeeded: boolean; blockNumber: number; blockHash: string; transfers: TokenTransfer[] };

export type ChainReader = {
  /** The mined transaction; "pending" while it waits to be mined; undefined when the chain does not know it. */
  transaction(hash: string): Promise<MinedTransaction | "pending" | undefined>;
  blockNumber(): Promise<number>;
};

/**
 * What a payout is checked against: the client, the token (lower-case address) and its decimals,
 * and the blocks to wait; `wallet`, the hot wallet payouts are sent from, with PAYOUT_KEY_FILE.
 */
export type PayoutChain = { reader: ChainReader; token: string; decimals: number; confirmations: number; wallet?: HotWallet };

/** The RPC did not answer (network, timeout, an error of its own): nothing was checked or changed. */
export const chainUnavailable = (cause: string) => new AppError("CHAIN_UNAVAILABLE", `The chain's RPC could not be reached: ${cause}`);

/** Blocks on top of (and including) the one a transaction was mined in. */
export const confirmationsOf = (blockNumber: number, head: number) => Math.max(head - blockNumber + 1, 0);

/** `micro` micro-USDT and `value` token units of `decimals` decimals are the same amount, compared without rounding. */
export const sameAmount = (micro: number, value: bigint, decimals: number) => BigInt(micro) * 10n ** BigInt(decimals) === value * 1_000_000n;

/** Token units as a decimal amount, every digit kept ("12.5", "0.000000000000000001"). */
export function formatTokenUnits(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
