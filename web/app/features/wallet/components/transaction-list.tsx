// Ledger movements, credits and debits, with the reason in words.
import type { LedgerEntryDto } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ArrowDownLeftIcon, ArrowUpRightIcon, ClockIcon } from "@/web/shared/ui/icons.tsx";
import { ListSkeleton } from "@/web/shared/ui/skeleton.tsx";
import { Disc } from "@/web/app/components/disc.tsx";
import { ListRow, SignedAmount } from "@/web/app/components/list-row.tsx";

export function TransactionList({ entries }: { entries: LedgerEntryDto[] | undefined }) {
  const { t, label, dateTime } = useI18n();
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
          <ListRow
            key={entry.id}
            mark={
              <Disc size="md" tone={credit ? "bg-success/15 text-success" : "bg-danger/15 text-danger"} icon={credit ? ArrowDownLeftIcon : ArrowUpRightIcon} />
            }
            title={label("ledger", entry.reason)}
            detail={`${dateTime(entry.createdAt)}${entry.note ? ` · ${entry.note}` : ""}`}
            end={<SignedAmount amount={entry.amount} out={!credit} />}
          />
        );
      })}
    </ul>
  );
}
