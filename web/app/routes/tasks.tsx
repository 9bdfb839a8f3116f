// Tasks: streak and earnings, the task list, and today's progress.
import { useMe } from "@/web/app/api/get-me.ts";
import { useTasks } from "@/web/app/features/tasks/api/get-tasks.ts";
import { DailyProgress } from "@/web/app/features/tasks/components/daily-progress.tsx";
import { TaskCard } from "@/web/app/features/tasks/components/task-card.tsx";
import { TaskStats } from "@/web/app/features/tasks/components/task-stats.tsx";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { useConfig } from "@/web/app/session.ts";
import { SectionTitle } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { TasksIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

export default function TasksScreen() {
  const { t } = useI18n();
  const config = useConfig();
  const me = useMe();
  const tasks = useTasks();
  const list = tasks.data ?? (tasks.error ? [] : undefined);
  return (
    <>
      <TaskStats me={me.data} />
      <section>
        <SectionTitle>{t("tasks.available")}</SectionTitle>
        {!list || !me.data ? (
          <div className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-32 w-full rounded-2xl" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <div className="rounded-2xl bg-card shadow-sm">
            <EmptyState compact icon={<TasksIcon size={28} />}>
              {t("tasks.empty")}
            </EmptyState>
          </div>
        ) : (
          <ul className="space-y-3">
            {list.map((task) => (
              <TaskCard key={task.id} task={task} userId={me.data!.id} channelUrl={config.channelUrl} />
            ))}
          </ul>
        )}
      </section>
      {list && list.length > 0 ? <DailyProgress tasks={list} /> : !list && <Skeleton className="h-40 w-full rounded-2xl" />}
    </>
  );
}
