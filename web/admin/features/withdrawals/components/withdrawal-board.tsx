// The withdrawals page: tabs Review (requests of flagged users, waiting for the risk review),
// Pending, Approved, Confirming (sent, its transaction waiting for confirmations on chain), Paid,
// Rejected, each with its count and the chosen one in the URL
// (?status=review), so a reload or Back keeps it; one card per request, newest first, 50 at a
// time with "Load more", the whole tab as a CSV file, and the confirmation dialog for every action.
// Beside the cards, a dense table (?view=table) with filters and bulk selection (withdrawal-table.tsx).
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { WithdrawalStatus } from "@/api/contract.ts";
import { withdrawalStatuses } from "@/domain/model/withdrawals.ts";
import { formatCount } from "@/web/shared/format.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { WalletIcon } from "@/web/shared/ui/icons.tsx";
import { withdrawalStatusLooks } from "@/web/shared/ui/withdrawal-status-badge.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";
import { ExportButton } from "@/web/admin/components/export-button.tsx";
import { exportWithdrawals } from "@/web/admin/features/withdrawals/api/export-withdrawals.ts";
import { MAX_LIMIT, PAGE_SIZE, useWithdrawals } from "@/web/admin/features/withdrawals/api/get-withdrawals.ts";
import { useWithdrawalCounts } from "@/web/admin/features/withdrawals/api/get-withdrawal-counts.ts";
import { WithdrawalActionDialog, type PendingAction } from "./withdrawal-action-dialog.tsx";
import { WithdrawalCard } from "./withdrawal-card.tsx";
import { WithdrawalTable } from "./withdrawal-table.tsx";

const tabs = withdrawalStatuses.map((value) => ({ value, label: withdrawalStatusLooks[value].tab }));

const statusOf = (value: string | null): WithdrawalStatus => tabs.find((t) => t.value === value)?.value ?? "pending";

export function WithdrawalBoard() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get("status"));
  const table = params.get("view") === "table";
  const setStatus = (next: WithdrawalStatus) => setParams({ ...(next !== "pending" && { status: next }), ...(table && { view: "table" }) });
  const setTable = (on: boolean) => setParams({ ...(status !== "pending" && { status }), ...(on && { view: "table" }) });
  const counts = useWithdrawalCounts().data;
  const items = tabs.map(({ value, label }) => ({
    value,
    label: (
      <>
        {label}
        {counts && " "}
        {counts && (
          <span data-testid="tab-count" className="ml-1 rounded-full bg-slate-200 px-1.5 text-xs text-slate-700 tabular-nums">
            {formatCount(counts[value])}
          </span>
        )}
      </>
    ),
  }));
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const { data, isLoading, isFetching, error, refetch } = useWithdrawals(status, limit);
  useEffect(() => setLimit(PAGE_SIZE), [status]);

  return (
    <div className="space-y-4">
      {/* On a phone the tabs keep the whole width and the button goes under them. */}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Tabs label="Withdrawal status" idBase="withdrawals" items={items} value={status} onChange={setStatus} className="w-full md:mr-auto md:w-auto md:max-w-2xl md:flex-1" />
        <div role="group" aria-label="View" className="flex rounded-lg border border-slate-200 bg-white p-0.5">
          <Button size="sm" variant={table ? "ghost" : "secondary"} aria-pressed={!table} onClick={() => setTable(false)}>
            Cards
          </Button>
          <Button size="sm" variant={table ? "secondary" : "ghost"} aria-pressed={table} onClick={() => setTable(true)}>
            Table
          </Button>
        </div>
        <ExportButton scope={`Every ${status} request, as a CSV file`} exportFile={() => exportWithdrawals(status)} />
      </div>
      <TabPanel idBase="withdrawals" value={status}>
        {isLoading ? (
          <div aria-busy="true" aria-label="Loading withdrawals" className="grid gap-4 lg:grid-cols-2">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-44 rounded-xl" />
            ))}
          </div>
        ) : data === undefined ? (
          <ErrorState title="Unable to load withdrawals" message={error?.message} onRetry={refetch} retrying={isFetching} />
        ) : data.length === 0 && !table ? (
          <EmptyState icon={<WalletIcon className="h-10 w-10" />}>No withdrawals found for this status</EmptyState>
        ) : (
          <>
            {table ? (
              <WithdrawalTable rows={data} status={status} />
            ) : (
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                {data.map((withdrawal) => (
                  <WithdrawalCard key={withdrawal.id} withdrawal={withdrawal} onAction={(action) => setPending({ withdrawal, action })} />
                ))}
              </div>
            )}
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
