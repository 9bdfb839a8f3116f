// The chain payouts are checked on, read through viem's JSON-RPC client: a transaction's receipt
// with its ERC-20 Transfer events decoded, and the newest block number. Whatever the RPC fails
// with (refused, timed out, an error of its own) is CHAIN_UNAVAILABLE, never a verdict on a payout.
import { createPublicClient, erc20Abi, http, parseEventLogs, TransactionNotFoundError, TransactionReceiptNotFoundError, webSocket, type Hash } from "viem";
import { chainUnavailable, type ChainReader, type MinedTransaction, type PayoutChain } from "@/domain/chain.ts";
import { viemHotWallet } from "./hot-wallet.ts";

export type ChainSettings = { rpcUrl: string; usdtContract: string; usdtDecimals: number; confirmations: number };

/** Seconds an RPC call may take, one retry included, before the caller hears CHAIN_UNAVAILABLE. */
const timeoutMs = 5_000;

export function viemReader(rpcUrl: string): ChainReader {
  const transport = /^wss?:/.test(rpcUrl) ? webSocket(rpcUrl, { timeout: timeoutMs, retryCount: 1 }) : http(rpcUrl, { timeout: timeoutMs, retryCount: 1, retryDelay: 200 });
  // No cache: the newest block is asked for again by every confirmation count.
  const client = createPublicClient({ transport, cacheTime: 0 });
  const unavailable = (error: unknown) => chainUnavailable(error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error));

  return {
    async transaction(hash) {
      try {
        const receipt = await client.getTransactionReceipt({ hash: hash as Hash });
        const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs }).map((log) => ({
          token: log.address.toLowerCase(),
          from: log.args.from.toLowerCase(),
          to: log.args.to.toLowerCase(),
          value: log.args.value,
        }));
        const mined: MinedTransaction = { hash, succeeded: receipt.status === "success", blockNumber: Number(receipt.blockNumber), blockHash: receipt.blockHash.toLowerCase(), transfers };
        return mined;
      } catch (error) {
        if (!(error instanceof TransactionReceiptNotFoundError)) throw unavailable(error);
      }
      // No receipt: sent but not mined yet, or unknown to the chain.
      try {
        const tx = await client.getTransaction({ hash: hash as Hash });
        return tx.blockNumber === null ? "pending" : undefined;
      } catch (error) {
        if (error instanceof TransactionNotFoundError) return undefined;
        throw unavailable(error);
      }
    },
    async blockNumber() {
      try {
        return Number(await client.getBlockNumber({ cacheTime: 0 }));
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}

/**
 * The payout chain the configuration names, or none without an RPC endpoint (payouts then
 * unchecked); with `key` (PAYOUT_KEY_FILE's, config/payout-key.ts) it sends from that hot wallet too.
 */
export function payoutChainFor(settings: { rpcUrl?: string; usdtContract: string; usdtDecimals: number; confirmations: number }, key?: `0x${string}`): PayoutChain | undefined {
  if (!settings.rpcUrl) return undefined;
  const wallet = key ? viemHotWallet(settings.rpcUrl, key) : undefined;
  return { reader: viemReader(settings.rpcUrl), token: settings.usdtContract.toLowerCase(), decimals: settings.usdtDecimals, confirmations: settings.confirmations, ...(wallet && { wallet }) };
}
