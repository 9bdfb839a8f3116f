// Activity tab: streak, tasks completed, last activity and the latest movements. Movements of one
// kind in a row (a week of daily rewards) are one line with their count, span and total, so the
// list says what happened instead of the same title five times; the Balance tab has each entry.
import type { UserActivityDto } from "@/api/contract.ts";
import { ledgerReasonLabel } from "@/domain/labels.ts";
import { displayUsdt, formatUsdt, usdt } from "@/domain/money.ts";
import { cn } from "@/web/shared/cn.ts";
import { formatCount } from "@/web/shared/format.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useUserActivity } from "@/web/admin/features/users/api/get-user-activity.ts";
import { StatTile } from "./detail-list.tsx";

// Recent lists show the latest 5 lines.
const RECENT = 5;

type Item = UserActivityDto["recentActivity"][number];
type Run = { type: string; direction: Item["direction"]; count: number; micro: number; newest: string; oldest: string };

/** Consecutive movements of the same kind and direction, newest first, as the API lists them. */
export function runsOf(items: Item[]): Run[] {
  const runs: Run[] = [];
  for (const item of items) {
    const last = runs.at(-1);
    if (last && last.type === item.type && last.direction === item.direction) {
      last.count++;
      last.micro += usdt(item.amount);
      last.oldest = item.time;
    } else {
      runs.push({ type: item.type, direction: item.direction, count: 1, micro: usdt(item.amount), newest: item.time, oldest: item.time });
    }
  }
  return runs;
}

function RunRow({ run }: { run: Run }) {
  const when = run.count === 1 ? formatDateTime(run.newest) : `${formatDateTime(run.oldest)} – ${formatDateTime(run.newest)}`;
  return (
    <li data-testid="activity-row" className="flex items-center justify-between gap-3 px-3 py-2.5">
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <span className="truncate">{ledgerReasonLabel(run.type)}</span>
          {run.count > 1 && (
            <Badge>
              <span aria-hidden="true">×{run.count}</span>
              <span className="sr-only">{run.count} times</span>
            </Badge>
          )}
        </p>
        <p className="text-xs text-slate-500">{when}</p>
      </div>
      <span className={cn("text-sm font-semibold whitespace-nowrap tabular-nums", run.direction === "credit" ? "text-emerald-700" : run.direction === "debit" ? "text-rose-700" : "text-slate-900")}>
        {run.direction === "credit" ? "+" : run.direction === "debit" ? "−" : ""}
        {displayUsdt(formatUsdt(run.micro))} USDT
      </span>
    </li>
  );
}

export function UserActivityTab({ userId }: { userId: number }) {
  const { data, isLoading, isFetching, error, refetch } = useUserActivity(userId);
  if (isLoading) return <Skeleton className="h-48" />;
  if (!data) return <ErrorState title="Unable to load activity" message={error?.message} onRetry={refetch} retrying={isFetching} />;
  const runs = runsOf(data.recentActivity).slice(0, RECENT);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <StatTile label="Current streak" value={`${formatCount(data.currentStreak)} days`} />
        <StatTile label="Tasks completed" value={formatCount(data.tasksCompleted)} />
        <StatTile label="Last activity" value={<span className="text-sm">{formatDateTime(data.lastActivity) || "Never"}</span>} />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Recent activity</h3>
        {runs.length === 0 ? (
          <EmptyState>No activity yet</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {runs.map((run, index) => (
              <RunRow key={`${run.newest}-${index}`} run={run} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
