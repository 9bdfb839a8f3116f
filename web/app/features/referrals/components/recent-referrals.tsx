// The people the user invited, with their progress towards qualifying.
import type { RecentReferralDto } from "@/api/contract.ts";
import { displayName } from "@/domain/display-name.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Card, SectionTitle } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { UsersIcon } from "@/web/shared/ui/icons.tsx";
import { ListSkeleton } from "@/web/shared/ui/skeleton.tsx";
import { Disc } from "@/web/app/components/disc.tsx";
import { ListRow } from "@/web/app/components/list-row.tsx";

export function RecentReferrals({ referrals }: { referrals: RecentReferralDto[] | undefined }) {
  const { t, date } = useI18n();
  return (
    <section>
      <SectionTitle>{t("referrals.recentTitle")}</SectionTitle>
      <Card>
        {!referrals ? (
          <ListSkeleton rows={3} label={t("common.loading")} />
        ) : referrals.length === 0 ? (
          <EmptyState compact icon={<UsersIcon size={28} />}>
            {t("referrals.empty")}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" data-testid="recent-referrals">
            {referrals.map((r) => (
              <ListRow
                key={r.id}
                mark={
                  <Disc size="md" tone="bg-tint text-link">
                    {r.firstName.slice(0, 1).toUpperCase()}
                  </Disc>
                }
                title={displayName(r.username, r.firstName)}
                detail={`${t("referrals.tasksDone", { count: r.dailyTasksCompleted })} · ${t(r.channelJoined ? "referrals.inChannel" : "referrals.notInChannel")}`}
                end={
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    {r.isQualified ? <Badge tone="success">{t("referrals.qualified")}</Badge> : <Badge tone="warning">{t("referrals.pending")}</Badge>}
                    <span className="text-[11px] text-hint">{date(r.joinedAt)}</span>
                  </div>
                }
              />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
