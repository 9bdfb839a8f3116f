// A row of the app's lists (recent activity, transactions, referrals): a round mark, a title over
// a line of detail, and what stands at its end (an amount, a badge).
import type { ReactNode } from "react";
import { useI18n } from "@/web/app/i18n/i18n.ts";

export function ListRow({ mark, title, detail, end }: { mark: ReactNode; title: ReactNode; detail: ReactNode; end: ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
      {mark}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{title}</p>
        <p className="text-xs text-hint">{detail}</p>
      </div>
      {end}
    </li>
  );
}

/** A movement of money at a row's end: green and "+" for money in, red and "-" for money out. */
export function SignedAmount({ amount, out }: { amount: string; out: boolean }) {
  const { amount: format } = useI18n();
  return (
    <span className={`text-sm font-bold whitespace-nowrap tabular-nums ${out ? "text-danger" : "text-success"}`}>
      {out ? "-" : "+"}
      {format(amount)}
    </span>
  );
}
