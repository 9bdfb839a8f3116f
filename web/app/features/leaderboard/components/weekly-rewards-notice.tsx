import { GiftIcon } from "@/web/shared/ui/icons.tsx";

export function WeeklyRewardsNotice() {
  return (
    <div className="flex gap-3 rounded-2xl border border-dashed border-warning/50 bg-warning/10 p-4">
      <GiftIcon size={22} className="shrink-0 text-warning" />
      <div>
        <p className="font-semibold">Weekly Rewards Coming Soon</p>
        <p className="text-sm text-hint">Top players of each week will get extra USDT. Keep climbing!</p>
      </div>
    </div>
  );
}
