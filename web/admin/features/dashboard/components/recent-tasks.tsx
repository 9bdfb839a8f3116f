// Recent Tasks: title, completion count, reward and status of each task; the Create Task button
// comes from the page (the tasks feature owns it). Each task shows its kind's icon, daily
// tasks in a colour of their own.
import type { ReactNode } from "react";
import { formatCount } from "@/web/shared/format.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { ListChecksIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { TaskKindGlyph } from "@/web/shared/ui/task-kind-glyph.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { useRecentTasks } from "@/web/admin/features/dashboard/api/get-recent-tasks.ts";

export function RecentTasks({ action }: { action?: ReactNode }) {
  const { data, isLoading, isFetching, error, refetch } = useRecentTasks();
  return (
    <Card>
      <CardHeader icon={<ListChecksIcon className="h-5 w-5 text-indigo-600" />} title="Recent Tasks" actions={action} />
      <div className="p-4 sm:p-5">
        {isLoading ? (
          <div aria-busy="true" className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : data === undefined ? (
          <ErrorState title="Unable to load tasks" message={error?.message} onRetry={refetch} retrying={isFetching} />
        ) : !Array.isArray(data) ? (
          <p className="rounded-lg bg-rose-50 px-3 py-4 text-center text-sm text-rose-700">Unable to load task data. Please check your authentication.</p>
        ) : data.length === 0 ? (
          <EmptyState>No tasks yet</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.map((task) => (
              <li key={task.id} data-testid="recent-task" className="flex items-center gap-3 py-2.5">
                <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-lg ${task.kind === "daily_activity" ? "bg-sky-100 text-sky-700" : "bg-violet-100 text-violet-700"}`}>
                  <TaskKindGlyph kind={task.kind} className="h-4 w-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{task.title}</p>
                  <p className="text-xs text-slate-500">{formatCount(task.completionCount)} completions</p>
                </div>
                <UsdtAmount amount={task.rewardUsdt} size="small" />
                <Badge tone={task.isActive ? "success" : "neutral"}>{task.isActive ? "Active" : "Inactive"}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
