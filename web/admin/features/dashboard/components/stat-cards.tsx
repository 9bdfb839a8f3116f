// The four stat cards. The trend badges are the spec's fixed texts, not data; Pending Withdrawals
// carries the live pending count instead. Four skeleton cards show while the stats load; a failure
// shows the server's message with Retry, never cards of zeros.
import type { ReactNode } from "react";
import type { AdminStatsDto } from "@/api/contract.ts";
import { cn } from "@/web/shared/cn.ts";
import { formatCount } from "@/web/shared/format.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { ActivityIcon, ClockIcon, TrendingUpIcon, UserCheckIcon, UsersIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

type StatCardProps = { label: string; hint: string; value: number; icon: ReactNode; tone: string; badge: ReactNode };

function StatCard({ label, hint, value, icon, tone, badge }: StatCardProps) {
  return (
    <div data-testid="stat-card" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <span className={cn("flex h-10 w-10 items-center justify-center rounded-lg", tone)}>{icon}</span>
        {badge}
      </div>
      <p className="mt-4 text-2xl font-bold text-slate-900 tabular-nums sm:text-3xl">{formatCount(value)}</p>
      <p className="mt-1 text-sm font-medium text-slate-700">{label}</p>
      <p className="text-xs text-slate-500">{hint}</p>
    </div>
  );
}

function Trend({ text }: { text: string }) {
  return (
    <Badge tone="success">
      <TrendingUpIcon className="h-3 w-3" />
      {text}
    </Badge>
  );
}

type StatCardsProps = { stats?: AdminStatsDto; loading: boolean; error?: string; onRetry: () => unknown; retrying: boolean };

export function StatCards({ stats, loading, error, onRetry, retrying }: StatCardsProps) {
  if (!loading && !stats) return <ErrorState title="Unable to load statistics" message={error} onRetry={onRetry} retrying={retrying} compact />;
  if (loading || !stats) {
    return (
      <div aria-busy="true" aria-label="Loading statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} data-testid="stat-skeleton" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <Skeleton className="h-10 w-10 rounded-lg" />
            <Skeleton className="mt-4 h-8 w-20" />
            <Skeleton className="mt-2 h-4 w-28" />
            <Skeleton className="mt-1 h-3 w-24" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Users" hint="Registered users" value={stats.totalUsers} icon={<UsersIcon className="h-5 w-5" />} tone="bg-indigo-100 text-indigo-700" badge={<Trend text="+12%" />} />
      <StatCard label="Verified Joins" hint="Channel members" value={stats.verifiedJoins} icon={<UserCheckIcon className="h-5 w-5" />} tone="bg-emerald-100 text-emerald-700" badge={<Trend text="+8%" />} />
      <StatCard label="Active Today" hint="Daily completions" value={stats.activeToday} icon={<ActivityIcon className="h-5 w-5" />} tone="bg-sky-100 text-sky-700" badge={<Trend text="+23%" />} />
      <StatCard
        label="Pending Withdrawals"
        hint="Awaiting approval"
        value={stats.pendingWithdrawals}
        icon={<ClockIcon className="h-5 w-5" />}
        tone="bg-amber-100 text-amber-700"
        badge={<Badge tone={stats.pendingWithdrawals > 0 ? "warning" : "neutral"}>{formatCount(stats.pendingWithdrawals)} pending</Badge>}
      />
    </div>
  );
}
