// Balance tab: balance figures, the manual adjustment form and the latest 5 ledger movements.
import type { AdminUserDto } from "@/api/contract.ts";
import { displayUsdt } from "@/domain/money.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useAccess } from "@/web/admin/lib/access.ts";
import { RECENT_LEDGER, useUserBalance } from "@/web/admin/features/users/api/get-user-balance.ts";
import { AdjustBalanceForm } from "./adjust-balance-form.tsx";
import { StatTile } from "./detail-list.tsx";
import { LedgerList } from "./ledger-list.tsx";

export function UserBalanceTab({ user }: { user: AdminUserDto }) {
  const { data, isLoading, isFetching, error, refetch } = useUserBalance(user.id);
  const canAdjust = useAccess().can("users:write");
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-3 gap-2">
        <StatTile label="Balance" value={`${displayUsdt(user.balanceUsdt)}`} />
        <StatTile label="Total earned" value={`${displayUsdt(user.totalEarned)}`} />
        <StatTile label="Earned today" value={`${displayUsdt(user.earnedToday)}`} />
      </div>
      <p className="-mt-2 text-xs text-slate-500">Amounts in USDT.</p>
      {canAdjust && <AdjustBalanceForm user={user} />}
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Latest {RECENT_LEDGER} ledger movements</h3>
        {isLoading ? (
          <Skeleton className="h-32" />
        ) : data === undefined ? (
          <ErrorState title="Unable to load the ledger" message={error?.message} onRetry={refetch} retrying={isFetching} compact />
        ) : data.length === 0 ? (
          <EmptyState>No ledger movements yet</EmptyState>
        ) : (
          <LedgerList entries={data} />
        )}
      </div>
    </div>
  );
}
