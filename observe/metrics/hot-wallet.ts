// The hot wallet's float (PAYOUT_KEY_FILE), for the alert that says it runs low before a send
// fails on chain: how many transfers its gas pays for, the USDT it holds and the largest transfer
// it may send. Asking the chain is an RPC round trip, too slow and too costly for every scrape of
// every instance: a scrape answers the last figures read and, once they are a minute old, asks
// again in the background. Figures the chain did not give (the RPC away) stay as last read; the
// chain's own alerts say it is away. Each series names the wallet's address, and none exists
// before the chain first answered: a gauge of 0 gas would be a made-up alarm.
import { Gauge, type Registry } from "prom-client";
import type { WalletFloat } from "@/domain/wallet-status.ts";

export function hotWalletGauges(registry: Registry, read: () => Promise<WalletFloat>, { maxAgeMs = 60_000, now = () => Date.now() } = {}): void {
  let last: WalletFloat | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const refresh = () => {
    if (reading || now() - readAt < maxAgeMs) return;
    reading = read()
      .then((float) => void (last = float))
      .catch(() => {})
      .finally(() => {
        readAt = now();
        reading = undefined;
      });
  };
  const gauge = (name: string, help: string, pick: (float: WalletFloat) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["address"] as const,
      registers: [registry],
      collect() {
        refresh();
        if (last) this.set({ address: last.address }, pick(last));
      },
    });
  gauge("refbot_hot_wallet_gas_transfers", "Transfers the hot wallet's gas (BNB) pays for at the current gas price, read at most once a minute.", (f) => f.gasTransfers);
  // The exact decimal text, read as the nearest float: what Prometheus keeps anyway (as usdt.ts does).
  gauge("refbot_hot_wallet_usdt", "USDT the hot wallet holds, read at most once a minute.", (f) => Number(f.usdt));
  gauge("refbot_hot_wallet_max_transfer_usdt", "The largest transfer the hot wallet may send (the hotWalletMaxTransfer setting).", (f) => Number(f.maxTransferUsdt));
}
