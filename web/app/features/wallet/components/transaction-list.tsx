// Ledger movements, credits and debits, with the reason in words.
import type { LedgerEntryDto } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ArrowDownLeftIcon, ArrowUpRightIcon, ClockIcon } from "@/web/shared/ui/icons.tsx";
import { ListSkeleton } from "@/web/shared/ui/skeleton.tsx";
import { Disc } from "@/web/app/components/disc.tsx";

export function TransactionList({ entries }: { entries: LedgerEntryDto[] | undefined }) {
  const { t, label, amount, dateTime } = useI18n();
  if (!entries) return <ListSkeleton rows={4} label={t("common.loading")} />;
  if (entries.length === 0) {
    return (
      <EmptyState compact icon={<ClockIcon size={28} />}>
        {t("wallet.noTransactions")}
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-line" data-testid="transactions">
      {entries.map((entry) => {
        const credit = entry.type === "credit";
        return (
          <li key={entry.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
            <Disc size="md" tone={credit ? "bg-success/15 text-success" : "bg-danger/15 text-danger"}>
              {credit ? <ArrowDownLeftIcon size={17} /> : <ArrowUpRightIcon size={17} />}
            </Disc>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold">{label("ledger", entry.reason)}</p>
              <p className="truncate text-xs text-hint">
                {dateTime(entry.createdAt)}
                {entry.note ? ` · ${entry.note}` : ""}
              </p>
            </div>
            <span className={`text-sm font-bold whitespace-nowrap tabular-nums ${credit ? "text-success" : "text-danger"}`}>
              {credit ? "+" : "-"}
              {amount(entry.amount)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
