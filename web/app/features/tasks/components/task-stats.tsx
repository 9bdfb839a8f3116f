// Streak, Earned Today and Total Earned above the task list.
import type { MeDto } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { FlameIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

export function TaskStats({ me }: { me: MeDto | undefined }) {
  const { t, amount, count } = useI18n();
  const stats = [
    { label: t("tasks.dayStreak"), value: me && <span className="inline-flex items-center gap-1 text-flame"><FlameIcon size={18} fill="currentColor" />{count(me.streak)}</span>, testId: "task-streak" },
    { label: t("common.earnedToday"), value: me && amount(me.earnedToday), testId: "task-earned-today" },
    { label: t("common.totalEarned"), value: me && amount(me.totalEarned), testId: "task-total-earned" },
  ];
  return (
    <div className="grid grid-cols-3 gap-2">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-2xl bg-card p-3 text-center shadow-sm">
          <div className="flex h-7 items-center justify-center text-lg font-bold tabular-nums" data-testid={stat.testId}>
            {stat.value ?? <Skeleton className="h-5 w-10" />}
          </div>
          <p className="mt-0.5 text-[11px] leading-tight text-hint">{stat.label}</p>
        </div>
      ))}
    </div>
  );
}
