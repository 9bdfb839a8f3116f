// The dashboard's Withdrawals card: the pending count and the first 3 pending requests, each with
// Approve and Reject going through the same confirmation dialog as the withdrawals page.
import { useState } from "react";
import { Link } from "react-router-dom";
import { formatCount, shortenAddress } from "@/web/shared/format.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { CheckIcon, WalletIcon, XIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { useAccess } from "@/web/admin/lib/access.ts";
import { paths } from "@/web/admin/paths.ts";
import { PAGE_SIZE, useWithdrawals } from "@/web/admin/features/withdrawals/api/get-withdrawals.ts";
import { requesterName } from "@/web/admin/features/withdrawals/requester-name.ts";
import { WithdrawalActionDialog, type PendingAction } from "./withdrawal-action-dialog.tsx";

const SHOWN = 3;

/** How many wait: the exact count when the page knows it (from the stats), else the list's length; unknown while neither has arrived. */
function pendingLabel(total: number | undefined, listed: number | undefined): { count: number; label: string } | undefined {
  if (total !== undefined) {
    const count = Math.max(total, listed ?? 0);
    return { count, label: formatCount(count) };
  }
  if (listed === undefined) return undefined;
  return { count: listed, label: listed >= PAGE_SIZE ? `${formatCount(listed)}+` : formatCount(listed) };
}

/** `total` is the exact pending count when the page knows it (from the stats); else the list's length. */
export function PendingWithdrawalsCard({ total }: { total?: number }) {
  const { data, isLoading, isFetching, error, refetch } = useWithdrawals("pending");
  const [pending, setPending] = useState<PendingAction | null>(null);
  const count = data?.length ?? 0;
  const known = pendingLabel(total, data?.length);
  const canAct = useAccess().can("withdrawals:write");

  return (
    <Card aria-labelledby="pending-withdrawals-title">
      <CardHeader
        icon={<WalletIcon className="h-5 w-5 text-amber-600" />}
        title={<span id="pending-withdrawals-title">Withdrawals</span>}
        description="Requests awaiting approval"
        actions={known ? <Badge tone={known.count > 0 ? "warning" : "neutral"}>{`${known.label} pending`}</Badge> : isLoading ? <Badge>...</Badge> : undefined}
      />
      <div className="p-4 sm:p-5">
        {isLoading ? (
          <div aria-busy="true" className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 rounded-lg" />
            ))}
          </div>
        ) : data === undefined ? (
          <ErrorState title="Unable to load withdrawals" message={error?.message} onRetry={refetch} retrying={isFetching} />
        ) : count === 0 ? (
          <EmptyState>No pending withdrawals</EmptyState>
        ) : (
          <ul className="space-y-3">
            {data!.slice(0, SHOWN).map((withdrawal) => (
              <li key={withdrawal.id} data-testid="pending-withdrawal" className="rounded-lg border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{requesterName(withdrawal)}</p>
                    <p className="font-mono text-xs text-slate-500" title={withdrawal.addressBep20}>
                      {shortenAddress(withdrawal.addressBep20)}
                    </p>
                  </div>
                  <UsdtAmount amount={withdrawal.amountUsdt} />
                </div>
                {canAct && (
                <div className="mt-2 flex gap-2">
                  <Button variant="success" size="sm" className="flex-1" onClick={() => setPending({ withdrawal, action: "approve" })}>
                    <CheckIcon />
                    Approve
                  </Button>
                  <Button variant="outline" size="sm" className="flex-1" onClick={() => setPending({ withdrawal, action: "reject" })}>
                    <XIcon />
                    Reject
                  </Button>
                </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {count > SHOWN && (
          <Link to={paths.withdrawals} className="mt-3 block text-center text-sm font-medium text-indigo-600 hover:text-indigo-800">
            View all pending withdrawals
          </Link>
        )}
      </div>
      <WithdrawalActionDialog pending={pending} onClose={() => setPending(null)} />
    </Card>
  );
}
