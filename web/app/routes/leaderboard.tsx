// Leaderboard: three rankings, the user's own rank, and the weekly rewards notice.
import { useState } from "react";
import type { LeaderboardCategory } from "@/api/contract.ts";
import { useMe } from "@/web/app/api/get-me.ts";
import { useLeaderboard } from "@/web/app/features/leaderboard/api/get-leaderboard.ts";
import { useMyRank } from "@/web/app/features/leaderboard/api/get-my-rank.ts";
import { LeaderboardList } from "@/web/app/features/leaderboard/components/leaderboard-list.tsx";
import { OwnRankBanner } from "@/web/app/features/leaderboard/components/own-rank-banner.tsx";
import { WeeklyRewardsNotice } from "@/web/app/features/leaderboard/components/weekly-rewards-notice.tsx";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";

const categories = ["earnings", "referrals", "activity"] as const satisfies readonly LeaderboardCategory[];

export default function LeaderboardScreen() {
  const { t } = useI18n();
  const [category, setCategory] = useState<LeaderboardCategory>("earnings");
  const me = useMe();
  const entries = useLeaderboard(category);
  const rank = useMyRank(category);
  const tabs = categories.map((value) => ({ value, label: t(`leaderboard.${value}`) }));
  return (
    <>
      <Tabs label={t("leaderboard.label")} idBase="ranking" items={tabs} value={category} onChange={setCategory} />
      <OwnRankBanner rank={rank.data?.rank} name={me.data?.firstName} />
      <TabPanel idBase="ranking" value={category}>
        <LeaderboardList category={category} entries={entries.data ?? (entries.error ? [] : undefined)} ownTgId={me.data?.tgId} />
      </TabPanel>
      <WeeklyRewardsNotice />
    </>
  );
}
