// The spec's USDT amount badge: an amount in the money format, in three sizes.
import { cn } from "../cn.ts";
import { displayUsdt } from "../../../api/domain/money.ts";

const sizes = {
  small: "text-xs px-1.5 py-0.5",
  medium: "text-sm px-2 py-0.5",
  large: "text-lg px-3 py-1",
} as const;

export function UsdtAmount({ amount, size = "medium", className }: { amount: string | null | undefined; size?: keyof typeof sizes; className?: string }) {
  return (
    <span className={cn("inline-flex items-baseline gap-1 rounded-md bg-emerald-50 font-semibold text-emerald-700 tabular-nums whitespace-nowrap", sizes[size], className)}>
      {displayUsdt(amount)}
      <span className="text-[0.75em] font-medium text-emerald-600">USDT</span>
    </span>
  );
}
