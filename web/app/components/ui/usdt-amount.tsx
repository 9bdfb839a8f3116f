// An amount in USDT at one of three sizes (the spec's USDT amount badge).
import { displayUsdt } from "../../../../api/domain/money.ts";

const sizes = { small: "text-sm", medium: "text-lg", large: "text-3xl" };

export function UsdtAmount({ amount, size = "medium", sign, className = "" }: { amount: string | null | undefined; size?: keyof typeof sizes; sign?: "+" | "-"; className?: string }) {
  return (
    <span className={`font-bold tabular-nums ${sizes[size]} ${className}`}>
      {sign}
      {displayUsdt(amount)}
      <span className="ml-1 text-[0.6em] font-semibold opacity-70">USDT</span>
    </span>
  );
}
