import { useI18n } from "@/web/app/i18n/i18n.ts";
import { GiftIcon } from "@/web/shared/ui/icons.tsx";

export function WeeklyRewardsNotice() {
  const { t } = useI18n();
  return (
    <div className="flex gap-3 rounded-2xl border border-dashed border-warning/50 bg-warning/10 p-4">
      <GiftIcon size={22} className="shrink-0 text-warning" />
      <div>
        <p className="font-semibold">{t("leaderboard.weeklyTitle")}</p>
        <p className="text-sm text-hint">{t("leaderboard.weeklyText")}</p>
      </div>
    </div>
  );
}
