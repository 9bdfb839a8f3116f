// Create Task (and Edit Task) dialog: the form's boxes (task-form-fields.tsx), checked by the
// server's rules (task-form.ts) once the form is first sent, and the save with its toast. A reward
// above rules.largeTaskReward is saved only after a confirmation that writes it out in words.
import { useEffect, useState } from "react";
import type { TaskDto } from "@/api/contract.ts";
import { displayUsdt } from "@/domain/money.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Dialog } from "@/web/shared/ui/dialog.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { createTask } from "@/web/admin/features/tasks/api/create-task.ts";
import { updateTask } from "@/web/admin/features/tasks/api/update-task.ts";
import { hasErrors, keepsReward, needsRewardConfirmation, newTaskForm, taskFormErrors, taskFormOf, taskInputOf, type TaskForm, type TaskInput } from "@/web/admin/features/tasks/task-form.ts";
import { LargeRewardConfirm } from "./large-reward-confirm.tsx";
import { TaskFormFields } from "./task-form-fields.tsx";

export function TaskFormDialog({ open, onClose, task }: { open: boolean; onClose: () => void; task?: TaskDto }) {
  const [form, setForm] = useState<TaskForm>(newTaskForm);
  const [touched, setTouched] = useState(false);
  /** A task with a large reward, held until its reward is confirmed. */
  const [held, setHeld] = useState<TaskInput | null>(null);
  const editing = task !== undefined;

  useEffect(() => {
    if (open) {
      setForm(task ? taskFormOf(task) : newTaskForm);
      setTouched(false);
      setHeld(null);
    }
  }, [open, task]);

  const { mutate, isPending } = useMutation(async (input: TaskInput) => {
    if (task) {
      const { rewardUsdt, ...rest } = input;
      await updateTask(task.id, keepsReward(rewardUsdt, task) ? rest : input);
      toast({ title: `Task “${input.title}” updated`, description: `Reward ${displayUsdt(input.rewardUsdt)} USDT, ${input.isActive ? "active" : "inactive"}.`, variant: "success" });
    } else {
      await createTask(input);
      toast({ title: "Task created successfully", description: `“${input.title}” pays ${displayUsdt(input.rewardUsdt)} USDT${input.isActive ? "" : " once activated"}.`, variant: "success" });
    }
    setHeld(null);
    onClose();
  });

  const onSubmit = () => {
    setTouched(true);
    if (hasErrors(taskFormErrors(form, task))) return;
    const input = taskInputOf(form, task);
    if (needsRewardConfirmation(input, task)) setHeld(input);
    else void mutate(input);
  };

  const set = <K extends keyof TaskForm>(key: K, value: TaskForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? "Edit Task" : "Create Task"}
      description={editing ? "Change what users see and earn for this task." : "Add a task users can complete for a USDT reward."}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="task-form" disabled={isPending}>
            {isPending ? (editing ? "Saving..." : "Creating...") : editing ? "Save Changes" : "Create Task"}
          </Button>
        </>
      }
    >
      <TaskFormFields id="task-form" form={form} errors={touched ? taskFormErrors(form, task) : {}} onChange={set} onSubmit={onSubmit} />
      <LargeRewardConfirm held={held} editing={editing} busy={isPending} onClose={() => setHeld(null)} onConfirm={mutate} />
    </Dialog>
  );
}
