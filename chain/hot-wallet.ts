// The hot wallet (domain/hot-wallet.ts) on BNB Smart Chain through viem: legacy (EIP-155) transfers
// of the token signed locally with the key, sent as raw bytes. The key lives only in this closure.
import { createPublicClient, encodeFunctionData, erc20Abi, http, keccak256, webSocket, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainUnavailable } from "@/domain/chain.ts";
import type { HotWallet } from "@/domain/hot-wallet.ts";

/** Gas a token transfer may use: a standard ERC-20 transfer to a new holder takes about 52 000. */
const transferGas = 100_000n;
const timeoutMs = 5_000;

const reason = (error: unknown) => (error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error));

export function viemHotWallet(rpcUrl: string, key: Hex): HotWallet {
  const account = privateKeyToAccount(key);
  const transport = /^wss?:/.test(rpcUrl) ? webSocket(rpcUrl, { timeout: timeoutMs, retryCount: 1 }) : http(rpcUrl, { timeout: timeoutMs, retryCount: 1, retryDelay: 200 });
  const client = createPublicClient({ transport, cacheTime: 0 });
  const asking = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw chainUnavailable(reason(error));
    }
  };

  return {
    address: account.address.toLowerCase(),
    quote: () => asking(async () => ({ chainId: await client.getChainId(), gasPrice: await client.getGasPrice(), gas: transferGas })),
    async signTransfer({ token, to, value, nonce, quote }) {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to as Address, value] });
      const rawTx = await account.signTransaction({ type: "legacy", chainId: quote.chainId, nonce, gasPrice: quote.gasPrice, gas: quote.gas, to: token as Address, data, value: 0n });
      return { rawTx: rawTx.toLowerCase(), txHash: keccak256(rawTx).toLowerCase() };
    },
    async broadcast(rawTx) {
      try {
        await client.request({ method: "eth_sendRawTransaction", params: [rawTx as Hex] });
      } catch (error) {
        // The node has these bytes already: sent, as far as the caller is concerned.
        if (/already known|known transaction|already imported/i.test(reason(error) + String((error as { details?: string }).details ?? ""))) return;
        throw chainUnavailable(reason(error));
      }
    },
    nonces: () =>
      asking(async () => ({
        mined: await client.getTransactionCount({ address: account.address, blockTag: "latest" }),
        pending: await client.getTransactionCount({ address: account.address, blockTag: "pending" }),
      })),
    balances: (token) =>
      asking(async () => ({
        native: await client.getBalance({ address: account.address }),
        token: await client.readContract({ address: token as Address, abi: erc20Abi, functionName: "balanceOf", args: [account.address] }),
      })),
  };
}
