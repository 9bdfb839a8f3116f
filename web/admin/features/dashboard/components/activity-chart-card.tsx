// "7-Day User Activity": the stacked area chart with Daily (7 days) and Weekly (8 weeks) views.
// Loading, a failure (with Retry) and a period without points each say what they are.
import { lazy, Suspense, useState } from "react";
import { cn } from "@/web/shared/cn.ts";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { ActivityIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { type ActivityRange, useActivityStats } from "@/web/admin/features/dashboard/api/get-activity-stats.ts";

const ActivityChart = lazy(() => import("./activity-chart.tsx"));

const ranges: Array<{ value: ActivityRange; label: string }> = [
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
];

export function ActivityChartCard() {
  const [range, setRange] = useState<ActivityRange>("daily");
  const { data, isLoading, isFetching, error, refetch } = useActivityStats(range);

  return (
    <Card>
      <CardHeader
        icon={<ActivityIcon className="h-5 w-5 text-indigo-600" />}
        title={range === "daily" ? "7-Day User Activity" : "8-Week User Activity"}
        description={range === "daily" ? "Activity, registrations and completions per day" : "Activity, registrations and completions per week (weeks start on Monday)"}
        actions={
          <div role="group" aria-label="Chart range" className="inline-flex rounded-lg bg-slate-100 p-1">
            {ranges.map((r) => (
              <button
                key={r.value}
                type="button"
                aria-pressed={range === r.value}
                onClick={() => setRange(r.value)}
                className={cn(
                  "rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500",
                  range === r.value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
                )}
              >
                {r.label}
              </button>
            ))}
          </div>
        }
      />
      <div className="p-4 sm:p-5">
        {isLoading ? (
          <p aria-busy="true" className="flex h-[300px] items-center justify-center text-sm text-slate-500">
            Loading activity data...
          </p>
        ) : data === undefined ? (
          <ErrorState title="Unable to load activity data" message={error?.message} onRetry={refetch} retrying={isFetching} className="h-[300px]" />
        ) : data.length === 0 ? (
          <div className="flex h-[300px] items-center justify-center">
            <EmptyState>No activity in this period</EmptyState>
          </div>
        ) : (
          <Suspense fallback={<Skeleton className="h-[300px] w-full" />}>
            <ActivityChart points={data} range={range} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}
