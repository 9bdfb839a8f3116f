// Where the user stands in the chosen ranking.
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { StarIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { Disc } from "@/web/app/components/disc.tsx";

export function OwnRankBanner({ rank, name }: { rank: number | undefined; name: string | undefined }) {
  const { t, count } = useI18n();
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-tint p-4" data-testid="own-rank">
      <Disc size="lg" tone="bg-accent text-accent-fg" icon={StarIcon} />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-hint">{t("leaderboard.yourRank")}</p>
        <p className="truncate font-semibold">{name ?? t("leaderboard.youFallback")}</p>
      </div>
      {rank === undefined ? <Skeleton className="h-8 w-14" /> : <span className="text-2xl font-black text-link tabular-nums">#{count(rank)}</span>}
    </div>
  );
}
