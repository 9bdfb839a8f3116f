// The icon for a task's kind: daily tasks get a calendar, channel tasks a megaphone, others a list.
import { CalendarCheckIcon, ListChecksIcon, MegaphoneIcon } from "../../../../shared/ui/icons.tsx";
import type { TaskKind } from "../api/types.ts";

const styles: Record<TaskKind, { Icon: typeof ListChecksIcon; tone: string }> = {
  daily_activity: { Icon: CalendarCheckIcon, tone: "bg-sky-100 text-sky-700" },
  follow_channel: { Icon: MegaphoneIcon, tone: "bg-violet-100 text-violet-700" },
  custom: { Icon: ListChecksIcon, tone: "bg-amber-100 text-amber-700" },
};

export function TaskKindIcon({ kind }: { kind: TaskKind }) {
  const { Icon, tone } = styles[kind] ?? styles.custom;
  return (
    <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
      <Icon className="h-5 w-5" />
    </span>
  );
}
