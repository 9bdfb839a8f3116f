// Top Performers: three tabs (Top Earners, Top Referrers, Most Active), each the top 5 with medals
// for the first three ranks and numbers after.
import { useState } from "react";
import type { LeaderboardCategory, LeaderboardEntryDto } from "@/api/contract.ts";
import { displayName } from "@/domain/display-name.ts";
import { displayUsdt } from "@/domain/money.ts";
import { formatCount } from "@/web/shared/format.ts";
import { Medal } from "@/web/shared/ui/medal.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { TrophyIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";
import { useLeaderboard } from "@/web/admin/features/dashboard/api/get-leaderboard.ts";

const tabs = [
  { value: "earnings", label: "Top Earners" },
  { value: "referrals", label: "Top Referrers" },
  { value: "activity", label: "Most Active" },
] as const;

const emptyTexts: Record<LeaderboardCategory, string> = {
  earnings: "No earnings data available",
  referrals: "No referral data available",
  activity: "No activity data available",
};

function RankMark({ rank }: { rank: number }) {
  if (rank === 1 || rank === 2 || rank === 3) return <Medal rank={rank} className="h-8 w-8 shrink-0" />;
  return <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600 tabular-nums" aria-label={`Rank ${rank}`}>
      {rank}
    </span>;
}

function score(category: LeaderboardCategory, entry: LeaderboardEntryDto) {
  if (category === "earnings") return { main: `Earned ${displayUsdt(entry.totalEarned)} USDT`, sub: `Balance ${displayUsdt(entry.balance)} USDT` };
  if (category === "referrals") return { main: `${formatCount(entry.referralCount)} referrals`, sub: "Qualified" };
  return { main: `${formatCount(entry.taskCount)} tasks`, sub: `${formatCount(entry.currentStreak)}-day streak` };
}

function Board({ category }: { category: LeaderboardCategory }) {
  const { data, isLoading, isFetching, error, refetch } = useLeaderboard(category);
  if (isLoading) {
    return (
      <div aria-busy="true" className="space-y-2">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  if (data === undefined) return <ErrorState title="Unable to load the leaderboard" message={error?.message} onRetry={refetch} retrying={isFetching} />;
  if (data.length === 0) return <EmptyState icon={<TrophyIcon className="h-8 w-8" />}>{emptyTexts[category]}</EmptyState>;
  return (
    <ol className="divide-y divide-slate-100">
      {data.map((entry) => {
        const { main, sub } = score(category, entry);
        return (
          <li key={entry.id} data-testid="leaderboard-entry" className="flex items-center gap-3 py-2.5">
            <RankMark rank={entry.rank} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{entry.firstName || `User ${entry.tgId}`}</p>
              <p className="truncate text-xs text-slate-500">{displayName(entry.username, `ID ${entry.tgId}`)}</p>
            </div>
            <div className="text-right">
              <p className="text-sm font-semibold text-slate-900 tabular-nums">{main}</p>
              <p className="text-xs text-slate-500">{sub}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function TopPerformers() {
  const [category, setCategory] = useState<LeaderboardCategory>("earnings");
  return (
    <Card>
      <CardHeader icon={<TrophyIcon className="h-5 w-5 text-amber-500" />} title="Top Performers" />
      <div className="space-y-3 p-4 sm:p-5">
        <Tabs label="Leaderboard" idBase="top-performers" items={tabs} value={category} onChange={setCategory} />
        <TabPanel idBase="top-performers" value={category}>
          <Board category={category} />
        </TabPanel>
      </div>
    </Card>
  );
}
