// The dashboard page composes the dashboard feature with the tasks feature's Create Task button
// and the withdrawals feature's pending card; features never import each other, pages do.
import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { useStats } from "@/web/admin/features/dashboard/api/get-stats.ts";
import { ActivityChartCard } from "@/web/admin/features/dashboard/components/activity-chart-card.tsx";
import { RecentTasks } from "@/web/admin/features/dashboard/components/recent-tasks.tsx";
import { StatCards } from "@/web/admin/features/dashboard/components/stat-cards.tsx";
import { TopPerformers } from "@/web/admin/features/dashboard/components/top-performers.tsx";
import { CreateTaskButton } from "@/web/admin/features/tasks/components/create-task-button.tsx";
import { PendingWithdrawalsCard } from "@/web/admin/features/withdrawals/components/pending-withdrawals-card.tsx";

export function DashboardRoute() {
  const stats = useStats();
  return (
    <>
      <PageHeader title="Dashboard" description="Users, tasks, withdrawals and activity at a glance." />
      <div className="space-y-6">
        <StatCards stats={stats.data} loading={stats.isLoading} error={stats.error?.message} onRetry={stats.refetch} retrying={stats.isFetching} />
        <ActivityChartCard />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <TopPerformers />
          <RecentTasks action={<CreateTaskButton size="sm" />} />
          <PendingWithdrawalsCard total={stats.data?.pendingWithdrawals} />
        </div>
      </div>
    </>
  );
}
