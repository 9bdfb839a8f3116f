// A counter of money: the amounts (integer micro-USDT, as the domain keeps them) are added as
// integers, and the sum turned into USDT once, when Prometheus reads it: no float is ever added to
// another, so the total stays exact however long the process runs.
import { Counter, type Registry } from "prom-client";
import { formatUsdt } from "@/domain/money.ts";

export type UsdtCounter = { add(micro: number): void };

export function usdtCounter(registry: Registry, name: string, help: string): UsdtCounter {
  let micro = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      // The exact decimal text, read as the nearest float: what Prometheus keeps anyway.
      this.inc(Number(formatUsdt(micro)));
    },
  });
  return { add: (amount) => void (micro += amount) };
}
