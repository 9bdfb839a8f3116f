// How many of today's tasks are done, and when the daily task opens again.
import { useEffect, useState } from "react";
import type { UserTaskDto } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { formatCountdown, msUntilUtcMidnight } from "@/web/shared/format-time.ts";
import { percent } from "@/web/shared/percent.ts";
import { Card } from "@/web/shared/ui/card.tsx";
import { ClockIcon } from "@/web/shared/ui/icons.tsx";
import { Progress } from "@/web/shared/ui/progress.tsx";

const isDone = (task: UserTaskDto) => (task.kind === "daily_activity" ? task.completedToday : task.isCompleted);

function Countdown() {
  const [left, setLeft] = useState(msUntilUtcMidnight);
  useEffect(() => {
    const timer = setInterval(() => setLeft(msUntilUtcMidnight()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span className="font-mono font-bold tabular-nums">{formatCountdown(left)}</span>;
}

export function DailyProgress({ tasks }: { tasks: UserTaskDto[] }) {
  const { t, count } = useI18n();
  const done = tasks.filter(isDone).length;
  const daily = tasks.find((t) => t.kind === "daily_activity");
  return (
    <Card className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">{t("tasks.dailyProgress")}</h2>
        <span className="text-sm font-semibold tabular-nums" data-testid="daily-progress">
          {count(done)}/{count(tasks.length)}
        </span>
      </div>
      <Progress value={percent(done, tasks.length)} label={t("tasks.dailyProgress")} />
      {daily && (
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 rounded-xl bg-page p-3 text-sm">
          <span className="flex items-center gap-2 text-hint">
            <ClockIcon size={16} /> {t("tasks.nextIn")}
          </span>
          {daily.completedToday ? <Countdown /> : <span className="font-bold text-success">{t("tasks.readyNow")}</span>}
        </div>
      )}
      <p className="text-xs text-hint">{t("tasks.tip")}</p>
    </Card>
  );
}
