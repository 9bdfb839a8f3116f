// Ledger movements: credit or debit, reason label, note, time and signed amount.
import type { LedgerEntryDto } from "@/api/contract.ts";
import { ledgerReasonLabel } from "@/domain/labels.ts";
import { displayUsdt } from "@/domain/money.ts";
import { cn } from "@/web/shared/cn.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";

export function LedgerList({ entries }: { entries: LedgerEntryDto[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {entries.map((entry) => (
        <li key={entry.id} data-testid="ledger-entry" className="flex items-center justify-between gap-3 px-3 py-2.5">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">{ledgerReasonLabel(entry.reason)}</p>
            <p className="truncate text-xs text-slate-500">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              {entry.note ? ` · ${entry.note}` : ""}
            </p>
          </div>
          <span className={cn("text-sm font-semibold whitespace-nowrap tabular-nums", entry.type === "credit" ? "text-emerald-700" : "text-rose-700")}>
            {entry.type === "credit" ? "+" : "−"}
            {displayUsdt(entry.amount)} USDT
          </span>
        </li>
      ))}
    </ul>
  );
}
