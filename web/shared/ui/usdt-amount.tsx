// The spec's USDT amount in the money format, in three sizes: a green badge (the admin panel's
// lists) or a plain figure in the surrounding colour (the mini app's balances).
import { displayUsdt } from "@/domain/money.ts";
import { cn } from "@/web/shared/cn.ts";

type Size = "small" | "medium" | "large";

const looks = {
  badge: {
    amount: "inline-flex items-baseline gap-1 rounded-md font-semibold whitespace-nowrap tone-success",
    unit: "text-[0.75em] font-medium text-success",
    sizes: { small: "text-xs px-1.5 py-0.5", medium: "text-sm px-2 py-0.5", large: "text-lg px-3 py-1" },
  },
  plain: {
    amount: "font-bold",
    unit: "ml-1 text-[0.6em] font-semibold opacity-70",
    sizes: { small: "text-sm", medium: "text-lg", large: "text-3xl" },
  },
} satisfies Record<string, { amount: string; unit: string; sizes: Record<Size, string> }>;

export function UsdtAmount({ amount, size = "medium", variant = "badge" }: { amount: string | null | undefined; size?: Size; variant?: keyof typeof looks }) {
  const look = looks[variant];
  return (
    <span className={cn("tabular-nums", look.amount, look.sizes[size])}>
      {displayUsdt(amount)}
      <span className={look.unit}>USDT</span>
    </span>
  );
}
