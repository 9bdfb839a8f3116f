// Amounts as the risk pages show them: totals of a report, and how a held amount stands out.
import { displayUsdt, formatUsdt, usdt } from "@/domain/money.ts";
import type { BadgeTone } from "@/web/shared/ui/badge.tsx";

/** The sum of amounts the API sent, added as integers so no binary fraction creeps in. */
export function usdtTotal(amounts: Array<{ amount: string }>): string {
  return displayUsdt(formatUsdt(amounts.reduce((sum, { amount }) => sum + usdt(amount), 0)));
}

/** Money still held stands out; nothing held reads as plain. */
export const heldTone = (amount: string): BadgeTone => (usdt(amount) > 0 ? "warning" : "neutral");
