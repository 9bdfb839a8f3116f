// Leaderboard: three rankings, the user's own rank, and the weekly rewards notice.
import { useState } from "react";
import { useMe } from "../api/get-me.ts";
import type { LeaderboardCategory } from "../api/types.ts";
import { Tabs } from "../components/ui/tabs.tsx";
import { useLeaderboard } from "../features/leaderboard/api/get-leaderboard.ts";
import { useMyRank } from "../features/leaderboard/api/get-my-rank.ts";
import { LeaderboardList } from "../features/leaderboard/components/leaderboard-list.tsx";
import { OwnRankBanner } from "../features/leaderboard/components/own-rank-banner.tsx";
import { WeeklyRewardsNotice } from "../features/leaderboard/components/weekly-rewards-notice.tsx";

export default function LeaderboardScreen() {
  const [category, setCategory] = useState<LeaderboardCategory>("earnings");
  const me = useMe();
  const entries = useLeaderboard(category);
  const rank = useMyRank(category);
  return (
    <>
      <Tabs
        label="Ranking"
        value={category}
        onChange={setCategory}
        tabs={[
          { value: "earnings", label: "Top Earners" },
          { value: "referrals", label: "Referrals" },
          { value: "activity", label: "Most Active" },
        ]}
      />
      <OwnRankBanner rank={rank.data?.rank} name={me.data?.firstName} />
      <LeaderboardList category={category} entries={entries.data ?? (entries.error ? [] : undefined)} ownTgId={me.data?.tgId} />
      <WeeklyRewardsNotice />
    </>
  );
}
