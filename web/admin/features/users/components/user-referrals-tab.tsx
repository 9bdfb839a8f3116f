// Referrals tab: qualified and invited counts, the referral link, and the 3 latest referrals.
import type { AdminUserDto } from "@/api/contract.ts";
import { displayName } from "@/domain/display-name.ts";
import { formatCount } from "@/web/shared/format.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { CopyButton } from "@/web/shared/ui/copy-button.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useUserReferrals } from "@/web/admin/features/users/api/get-user-referrals.ts";
import { StatTile } from "./detail-list.tsx";

// The admin view lists the 3 latest referrals.
const SHOWN = 3;

export function UserReferralsTab({ user }: { user: AdminUserDto }) {
  const { data, isLoading, isFetching, error, refetch } = useUserReferrals(user.id);
  if (isLoading) return <Skeleton className="h-48" />;
  if (!data) return <ErrorState title="Unable to load referrals" message={error?.message} onRetry={refetch} retrying={isFetching} />;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-2">
        <StatTile label="Qualified" value={`${formatCount(data.qualifiedCount)} / ${formatCount(user.targetReferrals)}`} />
        <StatTile label="Total invited" value={formatCount(data.totalInvited)} />
      </div>
      <div>
        <p className="mb-1 text-xs text-slate-500">Referral link</p>
        <div className="flex items-center gap-1 rounded-lg bg-slate-50 py-1 pr-1 pl-3">
          <code className="min-w-0 flex-1 truncate font-mono text-xs text-slate-800" title={data.referralLink}>
            {data.referralLink}
          </code>
          <CopyButton value={data.referralLink} label="Copy referral link" />
        </div>
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Recent referrals</h3>
        {data.recentReferrals.length === 0 ? (
          <EmptyState>No referrals yet</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {data.recentReferrals.slice(0, SHOWN).map((referral) => (
              <li key={referral.id} data-testid="referral-row" className="flex items-center justify-between gap-3 px-3 py-2.5">
                <span className="truncate text-sm font-medium text-slate-900">{displayName(referral.username, referral.firstName)}</span>
                <Badge tone={referral.isQualified ? "success" : "warning"}>{referral.isQualified ? "Qualified" : "Pending"}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
