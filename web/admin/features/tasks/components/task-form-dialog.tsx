// Create Task (and Edit Task) dialog: type, title (required), description, reward in USDT (number,
// step 0.01, min 0) and whether it is active. Defaults as the spec says: daily_activity, 0.2, active.
import { useEffect, useState, type FormEvent } from "react";
import { taskKindLabels } from "../../../../../api/domain/labels.ts";
import { readAmount, wholeUsdt } from "../../../../../api/domain/money.ts";
import { amountRules, rules } from "../../../../../api/domain/rules.ts";
import { toast } from "../../../../shared/toast.ts";
import { Button } from "../../../../shared/ui/button.tsx";
import { Dialog } from "../../../../shared/ui/dialog.tsx";
import { InputField, SelectField, TextareaField } from "../../../../shared/ui/field.tsx";
import { useMutation } from "../../../lib/use-mutation.ts";
import { createTask, type TaskInput } from "../api/create-task.ts";
import type { Task, TaskKind } from "../api/types.ts";
import { updateTask } from "../api/update-task.ts";

// The server's own rule for a reward (rules.ts: at most 2 decimals, as the input's step 0.01 says,
// and at most 1000 USDT), so the form refuses exactly what the server would, in its words.
const MAX_REWARD = wholeUsdt(rules.maxTaskReward);
const checkReward = (value: string) => {
  const { problem } = readAmount(value, amountRules.taskReward);
  return problem && `Reward ${problem}`;
};

const defaults: TaskInput = { kind: "daily_activity", title: "", description: "", rewardUsdt: "0.2", isActive: true };

function fromTask(task: Task): TaskInput {
  return { kind: task.kind, title: task.title, description: task.description ?? "", rewardUsdt: task.rewardUsdt, isActive: task.isActive };
}

export function TaskFormDialog({ open, onClose, task }: { open: boolean; onClose: () => void; task?: Task }) {
  const [form, setForm] = useState<TaskInput>(defaults);
  const [touched, setTouched] = useState(false);
  const editing = task !== undefined;

  useEffect(() => {
    if (open) {
      setForm(task ? fromTask(task) : defaults);
      setTouched(false);
    }
  }, [open, task]);

  const { mutate, isPending } = useMutation(async (input: TaskInput) => {
    if (task) {
      // A reward left as it was is not sent again, so a task whose reward has more decimals than
      // people may type (set before that rule) can still be edited.
      const { rewardUsdt, ...rest } = input;
      await updateTask(task.id, rewardUsdt === task.rewardUsdt ? rest : input);
      toast({ title: "Task updated successfully", variant: "success" });
    } else {
      await createTask(input);
      toast({ title: "Task created successfully", variant: "success" });
    }
    onClose();
  });

  const titleError = touched && !form.title.trim() ? "Title is required" : undefined;
  const rewardKept = task !== undefined && form.rewardUsdt.trim() === task.rewardUsdt;
  const rewardError = touched && !rewardKept ? checkReward(form.rewardUsdt.trim()) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!form.title.trim() || (!rewardKept && checkReward(form.rewardUsdt.trim()))) return;
    void mutate({ ...form, title: form.title.trim(), description: form.description.trim(), rewardUsdt: form.rewardUsdt.trim() });
  };

  const set = <K extends keyof TaskInput>(key: K, value: TaskInput[K]) => setForm((current) => ({ ...current, [key]: value }));

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
      <form id="task-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <SelectField label="Task type" value={form.kind} onChange={(e) => set("kind", e.target.value as TaskKind)}>
          {Object.entries(taskKindLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <InputField label="Title" required value={form.title} onChange={(e) => set("title", e.target.value)} error={titleError} maxLength={200} placeholder="e.g. Daily Check-in" />
        <TextareaField label="Description" value={form.description} onChange={(e) => set("description", e.target.value)} maxLength={1000} placeholder="What the user has to do" />
        <InputField
          label="Reward (USDT)"
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_REWARD}
          step={0.01}
          required
          value={form.rewardUsdt}
          onChange={(e) => set("rewardUsdt", e.target.value)}
          error={rewardError}
          hint={`At most ${MAX_REWARD} USDT.`}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={form.isActive} onChange={(e) => set("isActive", e.target.checked)} className="h-4 w-4 rounded border-slate-300 accent-indigo-600" />
          Active (users can see and complete it)
        </label>
      </form>
    </Dialog>
  );
}
