// A ranking, with the first three places highlighted and the user's own row marked.
import type { LeaderboardCategory, LeaderboardEntryDto } from "@/api/contract.ts";
import { displayName } from "@/domain/display-name.ts";
import { type I18n, useI18n } from "@/web/app/i18n/i18n.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { CrownIcon, FlameIcon, TrophyIcon } from "@/web/shared/ui/icons.tsx";
import { ListSkeleton } from "@/web/shared/ui/skeleton.tsx";
import { Disc } from "@/web/app/components/disc.tsx";

const podium = [
  { ring: "ring-gold bg-gold/15", text: "text-gold", label: "leaderboard.place1" },
  { ring: "ring-silver bg-silver/20", text: "text-silver", label: "leaderboard.place2" },
  { ring: "ring-bronze bg-bronze/15", text: "text-bronze", label: "leaderboard.place3" },
] as const;

function score({ t, usdt, count }: I18n, category: LeaderboardCategory, entry: LeaderboardEntryDto) {
  if (category === "earnings") return { main: usdt(entry.totalEarned), sub: t("leaderboard.earned") };
  if (category === "referrals") return { main: count(entry.referralCount ?? 0), sub: t("leaderboard.referralCount", { count: entry.referralCount ?? 0 }) };
  return {
    main: t("leaderboard.tasks", { count: entry.taskCount ?? 0 }),
    sub: (
      <span className="inline-flex items-center gap-0.5 text-flame">
        <FlameIcon size={11} fill="currentColor" /> {t("leaderboard.days", { count: entry.currentStreak ?? 0 })}
      </span>
    ),
  };
}

export function LeaderboardList({ category, entries, ownTgId }: { category: LeaderboardCategory; entries: LeaderboardEntryDto[] | undefined; ownTgId: number | undefined }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (!entries) return <ListSkeleton rows={6} label={t("common.loading")} />;
  if (entries.length === 0) {
    return (
      <EmptyState compact icon={<TrophyIcon size={28} />}>
        {t("leaderboard.empty")}
      </EmptyState>
    );
  }
  return (
    <ol className="space-y-2" data-testid="leaderboard">
      {entries.map((entry) => {
        const top = podium[entry.rank - 1];
        const own = entry.tgId === ownTgId;
        const { main, sub } = score(i18n, category, entry);
        return (
          <li
            key={entry.id}
            data-rank={entry.rank}
            className={`flex items-center gap-3 rounded-2xl p-3 shadow-sm ${top ? `ring-1 ${top.ring}` : "bg-card"} ${own ? "outline-2 outline-accent" : ""}`}
          >
            <Disc size="md" role="img" tone={top ? `${top.text} bg-card` : "bg-page text-hint"} aria-label={top ? t(top.label) : t("leaderboard.rank", { rank: entry.rank })}>
              {top ? (
                <span className="flex flex-col items-center leading-none">
                  <CrownIcon size={15} fill="currentColor" />
                  <span className="text-[10px] font-black">{entry.rank}</span>
                </span>
              ) : (
                entry.rank
              )}
            </Disc>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold">
                {entry.firstName}
                {own && <span className="ml-1 text-xs font-medium text-link">{t("leaderboard.you")}</span>}
              </p>
              <p className="truncate text-xs text-hint">{displayName(entry.username, `#${entry.rank}`)}</p>
            </div>
            <div className="text-right">
              <p className="text-sm font-bold whitespace-nowrap tabular-nums">{main}</p>
              <p className="text-[11px] whitespace-nowrap text-hint">{sub}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
