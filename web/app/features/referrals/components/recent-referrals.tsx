// The people the user invited, with their progress towards qualifying.
import { displayName } from "../../../../../api/domain/display-name.ts";
import { Card, SectionTitle } from "../../../components/ui/card.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { UsersIcon } from "../../../components/ui/icons.tsx";
import { ListSkeleton } from "../../../components/ui/skeleton.tsx";
import { formatDate } from "../../../../shared/format.ts";
import type { RecentReferral } from "../api/get-recent-referrals.ts";

export function RecentReferrals({ referrals }: { referrals: RecentReferral[] | undefined }) {
  return (
    <section>
      <SectionTitle>Recent Referrals</SectionTitle>
      <Card>
        {!referrals ? (
          <ListSkeleton rows={3} />
        ) : referrals.length === 0 ? (
          <EmptyState icon={<UsersIcon size={28} />} text="No referrals yet" />
        ) : (
          <ul className="divide-y divide-line" data-testid="recent-referrals">
            {referrals.map((r) => (
              <li key={r.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                <span className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-tint text-sm font-bold text-link">{r.firstName.slice(0, 1).toUpperCase()}</span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold">{displayName(r.username, r.firstName)}</p>
                  <p className="text-xs text-hint">
                    {r.dailyTasksCompleted} tasks done · {r.channelJoined ? "in channel" : "not in channel"}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  {r.isQualified ? <Badge tone="success">Qualified</Badge> : <Badge tone="warning">Pending</Badge>}
                  <span className="text-[11px] text-hint">{formatDate(r.joinedAt)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
