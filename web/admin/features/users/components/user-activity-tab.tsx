// Activity tab: streak, tasks completed, last activity and the latest movements.
import { ledgerReasonLabel } from "@/domain/labels.ts";
import { displayUsdt } from "@/domain/money.ts";
import { cn } from "@/web/shared/cn.ts";
import { formatCount } from "@/web/shared/format.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useUserActivity } from "@/web/admin/features/users/api/get-user-activity.ts";
import { StatTile } from "./detail-list.tsx";

// Recent lists show the latest 5 movements.
const RECENT = 5;

export function UserActivityTab({ userId }: { userId: number }) {
  const { data, isLoading } = useUserActivity(userId);
  if (isLoading) return <Skeleton className="h-48" />;
  if (!data) return <EmptyState>Activity data is unavailable</EmptyState>;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <StatTile label="Current streak" value={`${formatCount(data.currentStreak)} days`} />
        <StatTile label="Tasks completed" value={formatCount(data.tasksCompleted)} />
        <StatTile label="Last activity" value={<span className="text-sm">{formatDateTime(data.lastActivity) || "Never"}</span>} />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Recent activity</h3>
        {data.recentActivity.length === 0 ? (
          <EmptyState>No activity yet</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {data.recentActivity.slice(0, RECENT).map((item, index) => (
              <li key={`${item.time}-${index}`} data-testid="activity-row" className="flex items-center justify-between gap-3 px-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{ledgerReasonLabel(item.type)}</p>
                  <p className="text-xs text-slate-500">{formatDateTime(item.time)}</p>
                </div>
                <span className={cn("text-sm font-semibold whitespace-nowrap tabular-nums", item.direction === "credit" ? "text-emerald-700" : item.direction === "debit" ? "text-rose-700" : "text-slate-900")}>
                  {item.direction === "credit" ? "+" : item.direction === "debit" ? "−" : ""}
                  {displayUsdt(item.amount)} USDT
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
