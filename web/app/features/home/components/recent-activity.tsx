// The latest ledger movements.
import type { ActivityItemDto, LedgerReason } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Card, SectionTitle } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { CalendarCheckIcon, ClockIcon, GiftIcon, SpeakerIcon, UsersIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";
import { ListSkeleton } from "@/web/shared/ui/skeleton.tsx";
import { Disc } from "@/web/app/components/disc.tsx";
import { ListRow, SignedAmount } from "@/web/app/components/list-row.tsx";

// Reasons without their own icon (custom tasks, adjustments) show a gift.
const icons: Partial<Record<LedgerReason, typeof GiftIcon>> = {
  daily_task: CalendarCheckIcon,
  follow_channel: SpeakerIcon,
  referral_bonus: UsersIcon,
  referral_milestone: GiftIcon,
  withdrawal: WalletIcon,
  withdrawal_refund: WalletIcon,
};

export function RecentActivity({ items }: { items: ActivityItemDto[] | undefined }) {
  const { t, label, relative } = useI18n();
  return (
    <section>
      <SectionTitle>{t("home.recentActivity")}</SectionTitle>
      <Card>
        {!items ? (
          <ListSkeleton rows={3} label={t("common.loading")} />
        ) : items.length === 0 ? (
          <EmptyState compact icon={<ClockIcon size={28} />}>
            {t("home.noActivity")}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" data-testid="recent-activity">
            {items.map((item) => {
              const Icon = icons[item.type] ?? GiftIcon;
              const debit = item.direction === "debit" || item.type === "withdrawal";
              return (
                <ListRow
                  key={item.id}
                  mark={
                    <Disc size="md" tone={debit ? "bg-danger/15 text-danger" : "bg-success/15 text-success"} icon={Icon} />
                  }
                  title={label("ledger", item.type)}
                  detail={relative(item.time)}
                  end={<SignedAmount amount={item.amount} out={debit} />}
                />
              );
            })}
          </ul>
        )}
      </Card>
    </section>
  );
}
