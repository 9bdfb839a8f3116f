// The spec's USDT amount in the money format, in three sizes: a badge in a status tone (the admin
// panel's lists: green for money that moves, neutral or danger for money that did not) or a plain
// figure in the surrounding colour (the mini app's balances).
import { cn } from "@/web/shared/cn.ts";
import { displayUsdt } from "@/domain/money.ts";
import { formatUsdtAmount } from "@/web/shared/format.ts";
import { toneClasses, type BadgeTone } from "./badge.tsx";

type Size = "small" | "medium" | "large";

const looks = {
  badge: {
    amount: "inline-flex items-baseline gap-1 rounded-md font-semibold whitespace-nowrap",
    unit: "text-[0.75em] font-medium opacity-80",
    sizes: { small: "text-xs px-1.5 py-0.5", medium: "text-sm px-2 py-0.5", large: "text-lg px-3 py-1" },
  },
  plain: {
    amount: "font-bold",
    unit: "ml-1 text-[0.6em] font-semibold opacity-70",
    sizes: { small: "text-sm", medium: "text-lg", large: "text-3xl" },
  },
} satisfies Record<string, { amount: string; unit: string; sizes: Record<Size, string> }>;

type UsdtAmountProps = {
  amount: string | null | undefined;
  size?: Size;
  variant?: keyof typeof looks;
  tone?: BadgeTone;
  /** Digits the language's way (the mini app's "12,5" in Russian); without it, the spec's plain "12.5". */
  locale?: string;
};

export function UsdtAmount({ amount, size = "medium", variant = "badge", tone = "success", locale }: UsdtAmountProps) {
  const look = looks[variant];
  return (
    <span data-testid="usdt-amount" className={cn("tabular-nums", look.amount, variant === "badge" && toneClasses[tone], look.sizes[size])}>
      {locale ? formatUsdtAmount(amount, locale) : displayUsdt(amount)}
      <span className={look.unit}>USDT</span>
    </span>
  );
}
