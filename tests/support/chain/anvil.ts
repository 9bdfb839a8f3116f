// A local EVM node (anvil, from the npm registry's @foundry-rs/anvil) run as its own process on
// loopback, with the test token (TestUsdt.sol, compiled in TestUsdt.json) deployed, and what the
// payout tests do on it: pay with the token, send a transaction that reverts, mine, snapshot and
// revert (a reorganisation), stop and start the automatic mining, and read a wallet's mined
// transactions (their count, each one's nonce).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestClient, createWalletClient, http, publicActions, type Address, type Hash } from "viem";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { foundry } from "viem/chains";
import { startDaemon } from "../tools.ts";
import compiled from "./TestUsdt.json" with { type: "json" };

const anvilBin = join(import.meta.dir, "../../../node_modules/.bin/anvil");
const abi = compiled.abi;

/** A port nothing listens on now (the system's choice, released at once). */
function freePort(): number {
  const server = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = server.port;
  server.stop(true);
  return port;
}

export type Anvil = Awaited<ReturnType<typeof startAnvil>>;

/** anvil on a free port with a token of `decimals` decimals deployed by a funded sender of its own. */
export async function startAnvil({ decimals = 18 }: { decimals?: number } = {}) {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const daemon = await startDaemon([anvilBin, "--host", "127.0.0.1", "--port", String(port), "--accounts", "1", "--silent"], {
    dir: mkdtempSync(join(tmpdir(), "refbot-anvil-")),
    ready: async () => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}' }).then((r) => r.ok, () => false),
    readyMs: 15_000,
  });
  // A sender with a key of its own, so a signed transaction can be sent again, byte for byte.
  const sender = privateKeyToAccount(generatePrivateKey());
  const client = createWalletClient({ account: sender, chain: foundry, transport: http(url) }).extend(publicActions);
  const test = createTestClient({ mode: "anvil", chain: foundry, transport: http(url) });
  await test.setBalance({ address: sender.address, value: 10n ** 21n });
  const unit = 10n ** BigInt(decimals);
  const deploy = await client.deployContract({ abi, bytecode: compiled.bytecode as Hash, args: [decimals, 1_000_000n * unit] });
  const token = (await client.waitForTransactionReceipt({ hash: deploy })).contractAddress!;

  /** Sends `value` token units of `of` (the test token unless another contract is named) to `to`; the hash, mined when automining. */
  async function transfer(to: string, value: bigint, of: Address = token): Promise<Hash> {
    const hash = await client.writeContract({ address: of, abi, functionName: "transfer", args: [to, value], gas: 100_000n });
    if (await automining()) await client.waitForTransactionReceipt({ hash });
    return hash;
  }

  const automining = () => test.getAutomine();

  return {
    url,
    token: token.toLowerCase(),
    decimals,
    /** Token units of `amount` whole-or-decimal USDT ("12.5"), exactly. */
    units(amount: string): bigint {
      const [whole, fraction = ""] = amount.split(".");
      return BigInt(whole!) * unit + BigInt(fraction.padEnd(decimals, "0").slice(0, decimals) || "0");
    },
    transfer,
    /** Another token of the same kind, deployed by the same sender: a transfer of it is a transfer of the wrong token. */
    async otherToken(): Promise<Address> {
      const hash = await client.deployContract({ abi, bytecode: compiled.bytecode as Hash, args: [decimals, 1_000_000n * unit] });
      return (await client.waitForTransactionReceipt({ hash })).contractAddress!;
    },
    /** A mined transaction that reverted: a transfer of more than the sender holds. */
    async failedTransfer(to: string): Promise<Hash> {
      const hash = await client.writeContract({ address: token, abi, functionName: "transfer", args: [to, 10n ** 40n], gas: 100_000n });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== "reverted") throw new Error("the transfer meant to fail succeeded");
      return hash;
    },
    /** A transaction of plain BNB, no token moved. */
    async plainTransfer(to: string): Promise<Hash> {
      const hash = await client.sendTransaction({ to: to as Address, value: 1n });
      await client.waitForTransactionReceipt({ hash });
      return hash;
    },
    /** Gas for `address` and, when given, `amount` USDT of the test token: a hot wallet ready to send. */
    async fund(address: string, amount?: string, gasWei = 10n ** 20n) {
      await test.setBalance({ address: address as Address, value: gasWei });
      if (amount) await transfer(address, this.units(amount));
    },
    /** A plain transaction from the account of `key` with `nonce`: what takes a nonce from under a signed transfer. */
    async sendWithNonce(key: Hash, nonce: number): Promise<Hash> {
      const account = privateKeyToAccount(key);
      const wallet = createWalletClient({ account, chain: foundry, transport: http(url) });
      const hash = await wallet.sendTransaction({ to: account.address, value: 0n, nonce, gas: 21_000n });
      await client.waitForTransactionReceipt({ hash });
      return hash;
    },
    async mine(blocks: number) {
      await test.mine({ blocks });
    },
    blockNumber: () => client.getBlockNumber({ cacheTime: 0 }),
    /** A mined transaction's sender, nonce and outcome, as the chain holds it. */
    async mined(hash: string) {
      const receipt = await client.getTransactionReceipt({ hash: hash as Hash });
      const tx = await client.getTransaction({ hash: hash as Hash });
      return { from: tx.from.toLowerCase(), nonce: tx.nonce, succeeded: receipt.status === "success" };
    },
    /** How many transactions of `address` are mined: its next nonce. */
    nonceOf: (address: string) => client.getTransactionCount({ address: address as Address, blockTag: "latest" }),
    balanceOf: (address: string) => client.readContract({ address: token, abi, functionName: "balanceOf", args: [address] }) as Promise<bigint>,
    snapshot: () => test.snapshot(),
    revert: (id: `0x${string}`) => test.revert({ id }),
    setAutomine: (on: boolean) => test.setAutomine(on),
    output: daemon.output,
    stop: daemon.stop,
  };
}
