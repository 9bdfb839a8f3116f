// The hot wallet's gauges answer what the chain last said, asking it again only once a minute:
// scrapes of several instances every few seconds must not become RPC calls each.
import { expect, test } from "bun:test";
import { Registry } from "prom-client";
import type { WalletFloat } from "@/domain/wallet-status.ts";
import { hotWalletGauges } from "./hot-wallet.ts";

const gauges = async (registry: Registry) =>
  Object.fromEntries(
    (await registry.getMetricsAsJSON())
      .filter((m) => m.name.startsWith("refbot_hot_wallet_") && m.values.length > 0)
      .map((m) => [m.name, m.values.map((v) => `${v.labels.address} ${v.value}`).join(", ")]),
  );

test("a scrape answers the last figures read, and asks the chain again once they are a minute old", async () => {
  const registry = new Registry();
  let clock = 0;
  const answers: WalletFloat[] = [
    { address: "0xabc", gasTransfers: 60, usdt: "500", maxTransferUsdt: "100.00" },
    { address: "0xabc", gasTransfers: 40, usdt: "80", maxTransferUsdt: "100.00" },
  ];
  let reads = 0;
  hotWalletGauges(registry, async () => answers[Math.min(reads++, answers.length - 1)]!, { now: () => clock });

  // The first scrape starts the read: nothing to answer yet, no made-up figure.
  expect(await gauges(registry)).toEqual({});
  await Bun.sleep(0);
  expect(await gauges(registry)).toEqual({ refbot_hot_wallet_gas_transfers: "0xabc 60", refbot_hot_wallet_usdt: "0xabc 500", refbot_hot_wallet_max_transfer_usdt: "0xabc 100" });
  clock += 59_000;
  await gauges(registry);
  expect(reads).toBe(1);
  clock += 2_000;
  await gauges(registry);
  await Bun.sleep(0);
  expect(reads).toBe(2);
  expect(await gauges(registry)).toEqual({ refbot_hot_wallet_gas_transfers: "0xabc 40", refbot_hot_wallet_usdt: "0xabc 80", refbot_hot_wallet_max_transfer_usdt: "0xabc 100" });
});

test("the chain away keeps the last figures, and is asked again a minute later", async () => {
  const registry = new Registry();
  let clock = 0;
  let away = false;
  let reads = 0;
  hotWalletGauges(
    registry,
    async () => {
      reads++;
      if (away) throw new Error("CHAIN_UNAVAILABLE");
      return { address: "0xabc", gasTransfers: 7, usdt: "3", maxTransferUsdt: "100.00" };
    },
    { now: () => clock },
  );
  await gauges(registry);
  await Bun.sleep(0);
  away = true;
  clock += 61_000;
  await gauges(registry);
  await Bun.sleep(0);
  expect(await gauges(registry)).toEqual({ refbot_hot_wallet_gas_transfers: "0xabc 7", refbot_hot_wallet_usdt: "0xabc 3", refbot_hot_wallet_max_transfer_usdt: "0xabc 100" });
  expect(reads).toBe(2);
  clock += 1_000;
  await gauges(registry);
  expect(reads).toBe(2);
});
