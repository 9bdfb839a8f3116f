// The latest ledger movements.
import { ledgerReasonLabel } from "../../../../../api/domain/labels.ts";
import type { ActivityItem } from "../../../api/types.ts";
import { Card, SectionTitle } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { CalendarIcon, ClockIcon, GiftIcon, MegaphoneIcon, UsersIcon, WalletIcon } from "../../../components/ui/icons.tsx";
import { ListSkeleton } from "../../../components/ui/skeleton.tsx";
import { displayUsdt } from "../../../../../api/domain/money.ts";
import { formatRelative } from "../../../lib/format-time.ts";

const icons = { daily_task: CalendarIcon, follow_channel: MegaphoneIcon, referral_bonus: UsersIcon, referral_milestone: GiftIcon, withdrawal: WalletIcon, withdrawal_refund: WalletIcon };

export function RecentActivity({ items }: { items: ActivityItem[] | undefined }) {
  return (
    <section>
      <SectionTitle>Recent Activity</SectionTitle>
      <Card>
        {!items ? (
          <ListSkeleton rows={3} />
        ) : items.length === 0 ? (
          <EmptyState icon={<ClockIcon size={28} />} text="No activity yet. Complete your first task to start earning!" />
        ) : (
          <ul className="divide-y divide-line" data-testid="recent-activity">
            {items.map((item) => {
              const Icon = icons[item.type as keyof typeof icons] ?? GiftIcon;
              const debit = item.direction === "debit" || item.type === "withdrawal";
              return (
                <li key={item.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                  <span className={`grid h-9 w-9 shrink-0 place-items-center rounded-full ${debit ? "bg-danger/15 text-danger" : "bg-success/15 text-success"}`}>
                    <Icon size={17} />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold">{ledgerReasonLabel(item.type)}</p>
                    <p className="text-xs text-hint">{formatRelative(item.time)}</p>
                  </div>
                  <span className={`text-sm font-bold tabular-nums ${debit ? "text-danger" : "text-success"}`}>
                    {debit ? "-" : "+"}
                    {displayUsdt(item.amount)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </section>
  );
}
