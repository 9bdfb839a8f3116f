// The hot wallet as an operator checks it (`refbot wallet status`, GET /api/admin/wallet, the
// doctor): its address, what it holds in gas and USDT, its next nonce on chain and in the
// database, and what it sent today against the caps.
import type { Deps } from "./context.ts";
import { formatTokenUnits } from "./chain.ts";
import { formatUsdt } from "./money.ts";
import { hotWalletOf } from "./payout-send.ts";

export type WalletStatus = {
  address: string;
  token: string;
  /** Gas, in BNB (exact decimal text), and the token, in USDT. */
  bnb: string;
  usdt: string;
  /** The chain's next nonce (waiting transactions counted), and the one the database hands out next. */
  nextNonce: { chain: number; mined: number; database: number | null };
  /** Sent today (UTC) and the caps, USDT. */
  sentToday: string;
  dailyLimit: string;
  maxTransfer: string;
  /** Transfers recorded but not yet known to be mined. */
  unsettled: number;
};

export async function walletStatus(deps: Pick<Deps, "store" | "clock" | "settings" | "chain">): Promise<WalletStatus> {
  const chain = hotWalletOf(deps);
  const { wallet } = chain;
  const now = deps.clock();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [balances, nonces, recorded] = await Promise.all([
    wallet.balances(chain.token),
    wallet.nonces(),
    deps.store.read(function* (db) {
      return { next: yield* db.payoutSends.nextNonce(wallet.address), today: yield* db.payoutSends.signedSince(wallet.address, since), unsettled: (yield* db.payoutSends.unsettled(1000)).length };
    }),
  ]);
  const settings = deps.settings.current();
  return {
    address: wallet.address,
    token: chain.token,
    bnb: formatTokenUnits(balances.native, 18),
    usdt: formatTokenUnits(balances.token, chain.decimals),
    nextNonce: { chain: nonces.pending, mined: nonces.mined, database: recorded.next ?? null },
    sentToday: formatUsdt(recorded.today),
    dailyLimit: formatUsdt(settings.hotWalletDailyLimit),
    maxTransfer: formatUsdt(settings.hotWalletMaxTransfer),
    unsettled: recorded.unsettled,
  };
}

/** What the hot wallet can still pay for, as the metrics' gauges read it (observe/metrics/hot-wallet.ts). */
export type WalletFloat = {
  address: string;
  /** Transfers its gas (BNB) pays for at the current gas price. */
  gasTransfers: number;
  /**
   * USDT it holds, and the largest transfer it may send (the hotWalletMaxTransfer setting), as
   * exact decimal text: only the exposition turns them into Prometheus's floats.
   */
  usdt: string;
  maxTransferUsdt: string;
};

export async function walletFloat(deps: Pick<Deps, "settings" | "chain">): Promise<WalletFloat> {
  const chain = hotWalletOf(deps);
  const [balances, quote] = await Promise.all([chain.wallet.balances(chain.token), chain.wallet.quote()]);
  const perTransfer = quote.gasPrice * quote.gas;
  return {
    address: chain.wallet.address,
    // A chain that asks no gas (a test node set so) pays for as many as the wallet will ever send.
    gasTransfers: perTransfer > 0n ? Number(balances.native / perTransfer) : Number.MAX_SAFE_INTEGER,
    usdt: formatTokenUnits(balances.token, chain.decimals),
    maxTransferUsdt: formatUsdt(deps.settings.current().hotWalletMaxTransfer),
  };
}
