// The withdrawals page: tabs Pending, Approved, Paid, Rejected, one card per request, newest
// first, 50 at a time with "Load more", and the confirmation dialog for every action.
import { useEffect, useState } from "react";
import type { WithdrawalStatus } from "@/api/http/contract.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { WalletIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";
import { MAX_LIMIT, PAGE_SIZE, useWithdrawals } from "@/web/admin/features/withdrawals/api/get-withdrawals.ts";
import { WithdrawalActionDialog, type PendingAction } from "./withdrawal-action-dialog.tsx";
import { WithdrawalCard } from "./withdrawal-card.tsx";

const tabs = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "paid", label: "Paid" },
  { value: "rejected", label: "Rejected" },
] as const satisfies ReadonlyArray<{ value: WithdrawalStatus; label: string }>;

export function WithdrawalBoard() {
  const [status, setStatus] = useState<WithdrawalStatus>("pending");
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const { data, isLoading, isFetching } = useWithdrawals(status, limit);
  useEffect(() => setLimit(PAGE_SIZE), [status]);

  return (
    <div className="space-y-4">
      <Tabs label="Withdrawal status" idBase="withdrawals" items={tabs} value={status} onChange={setStatus} className="max-w-xl" />
      <TabPanel idBase="withdrawals" value={status}>
        {isLoading ? (
          <div aria-busy="true" aria-label="Loading withdrawals" className="grid gap-4 lg:grid-cols-2">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-44 rounded-xl" />
            ))}
          </div>
        ) : !data || data.length === 0 ? (
          <EmptyState icon={<WalletIcon className="h-10 w-10" />}>No withdrawals found for this status</EmptyState>
        ) : (
          <>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {data.map((withdrawal) => (
                <WithdrawalCard key={withdrawal.id} withdrawal={withdrawal} onAction={(action) => setPending({ withdrawal, action })} />
              ))}
            </div>
            {data.length >= limit &&
              (limit < MAX_LIMIT ? (
                <div className="mt-4 flex justify-center">
                  <Button variant="outline" disabled={isFetching} onClick={() => setLimit((n) => Math.min(MAX_LIMIT, n + PAGE_SIZE))}>
                    {isFetching ? "Loading..." : "Load more"}
                  </Button>
                </div>
              ) : (
                <p className="mt-4 text-center text-sm text-slate-500">Showing the newest {MAX_LIMIT} requests; process these to see older ones.</p>
              ))}
          </>
        )}
      </TabPanel>
      <WithdrawalActionDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}
