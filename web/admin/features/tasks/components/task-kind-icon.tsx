// A task kind's icon on a tile in the kind's colour, both chosen by the kind's icon name.
import type { TaskKind } from "@/api/contract.ts";
import { TaskKindGlyph, taskIconName, type TaskIconName } from "@/web/shared/ui/task-kind-glyph.tsx";

const tones: Record<TaskIconName, string> = {
  calendar: "bg-sky-100 text-sky-700",
  megaphone: "bg-violet-100 text-violet-700",
  star: "bg-amber-100 text-amber-700",
  link: "bg-emerald-100 text-emerald-700",
};

export function TaskKindIcon({ kind }: { kind: TaskKind }) {
  return (
    <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg ${tones[taskIconName(kind)]}`}>
      <TaskKindGlyph kind={kind} className="h-5 w-5" />
    </span>
  );
}
