// On/off switch for a task's active state (PATCH isActive), a control the spec's UI lacks.
import type { TaskDto } from "@/api/contract.ts";
import { cn } from "@/web/shared/cn.ts";
import { toast } from "@/web/shared/toast.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { updateTask } from "@/web/admin/features/tasks/api/update-task.ts";

export function ActiveSwitch({ task }: { task: TaskDto }) {
  const { mutate, isPending } = useMutation(async () => {
    await updateTask(task.id, { isActive: !task.isActive });
    toast({ title: task.isActive ? "Task deactivated" : "Task activated", description: task.title, variant: "success" });
  });
  return (
    <button
      type="button"
      role="switch"
      aria-checked={task.isActive}
      aria-label={`Active: ${task.title}`}
      disabled={isPending}
      onClick={() => void mutate()}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50",
        task.isActive ? "bg-emerald-500" : "bg-slate-300",
      )}
    >
      <span className={cn("inline-block h-5 w-5 rounded-full bg-[white] shadow transition-transform", task.isActive ? "translate-x-5" : "translate-x-0.5")} />
    </button>
  );
}
