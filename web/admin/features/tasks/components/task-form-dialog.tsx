// Create Task (and Edit Task) dialog: type, title (required), description, reward in USDT (number,
// step 0.01, min 0) and whether it is active; a link task also has its URL and its wait in
// seconds. Defaults as the spec says: daily_activity, 0.2, active. A reward above
// rules.largeTaskReward is saved only after a confirmation that writes it out in words.
import { useEffect, useState, type FormEvent } from "react";
import type { NewTaskBody, TaskDto, TaskKind } from "@/api/http/contract.ts";
import { taskKindLabels } from "@/domain/labels.ts";
import { displayUsdt, readAmount, wholeUsdt } from "@/domain/money.ts";
import { amountRules, rules } from "@/domain/rules.ts";
import { hasLink, linkRules } from "@/domain/task-kinds.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Dialog } from "@/web/shared/ui/dialog.tsx";
import { InputField, SelectField, TextareaField } from "@/web/shared/ui/field.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { LargeAmountNotice } from "@/web/admin/components/large-amount-notice.tsx";
import { createTask } from "@/web/admin/features/tasks/api/create-task.ts";
import { updateTask } from "@/web/admin/features/tasks/api/update-task.ts";

// The server's own rules for a reward (rules.ts: at most 2 decimals, as the input's step 0.01 says,
// and at most 1000 USDT) and for a link (task-kinds.ts), so the form refuses exactly what the
// server would, in its words.
const MAX_REWARD = wholeUsdt(rules.maxTaskReward);
const checkReward = (value: string) => {
  const { problem } = readAmount(value, amountRules.taskReward);
  return problem && `Reward ${problem}`;
};
const checkUrl = (value: string) => {
  if (!value) return "URL is required for a link task";
  const problem = linkRules.urlProblem(value);
  return problem && `URL ${problem}`;
};
// An empty box is no number of seconds, though Number("") would read it as 0.
const waitOf = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
const checkWait = (value: string) => {
  const problem = linkRules.waitProblem(waitOf(value));
  return problem && `Wait ${problem}`;
};

/** The form's boxes as typed; the URL and the wait are kept while another kind is chosen, in case it is chosen back. */
type FormState = Required<Pick<NewTaskBody, "kind" | "title" | "description" | "isActive">> & { rewardUsdt: string; url: string; waitSeconds: string };

/** What the form sends: its reward is always the text typed. */
type TaskInput = NewTaskBody & { rewardUsdt: string };

const defaults: FormState = { kind: "daily_activity", title: "", description: "", rewardUsdt: "0.2", isActive: true, url: "", waitSeconds: String(rules.defaultLinkWaitSeconds) };

function fromTask(task: TaskDto): FormState {
  return {
    kind: task.kind,
    title: task.title,
    description: task.description ?? "",
    rewardUsdt: task.rewardUsdt,
    isActive: task.isActive,
    url: task.url ?? "",
    waitSeconds: String(hasLink(task.kind) ? task.waitSeconds : rules.defaultLinkWaitSeconds),
  };
}

export function TaskFormDialog({ open, onClose, task }: { open: boolean; onClose: () => void; task?: TaskDto }) {
  const [form, setForm] = useState<FormState>(defaults);
  const [touched, setTouched] = useState(false);
  /** A task with a large reward, held until its reward is confirmed. */
  const [held, setHeld] = useState<TaskInput | null>(null);
  const editing = task !== undefined;

  useEffect(() => {
    if (open) {
      setForm(task ? fromTask(task) : defaults);
      setTouched(false);
      setHeld(null);
    }
  }, [open, task]);

  const { mutate, isPending } = useMutation(async (input: TaskInput) => {
    if (task) {
      // A reward left as it was is not sent again, so a task whose reward has more decimals than
      // people may type (set before that rule) can still be edited.
      const { rewardUsdt, ...rest } = input;
      await updateTask(task.id, rewardUsdt === task.rewardUsdt ? rest : input);
      toast({ title: `Task “${input.title}” updated`, description: `Reward ${displayUsdt(input.rewardUsdt)} USDT, ${input.isActive ? "active" : "inactive"}.`, variant: "success" });
    } else {
      await createTask(input);
      toast({ title: "Task created successfully", description: `“${input.title}” pays ${displayUsdt(input.rewardUsdt)} USDT${input.isActive ? "" : " once activated"}.`, variant: "success" });
    }
    setHeld(null);
    onClose();
  });

  const link = hasLink(form.kind);
  const titleError = touched && !form.title.trim() ? "Title is required" : undefined;
  const rewardKept = task !== undefined && form.rewardUsdt.trim() === task.rewardUsdt;
  const rewardError = touched && !rewardKept ? checkReward(form.rewardUsdt.trim()) : undefined;
  const urlError = touched && link ? checkUrl(form.url.trim()) : undefined;
  const waitError = touched && link ? checkWait(form.waitSeconds) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!form.title.trim() || (!rewardKept && checkReward(form.rewardUsdt.trim()))) return;
    if (link && (checkUrl(form.url.trim()) || checkWait(form.waitSeconds))) return;
    const { url, waitSeconds, ...fields } = form;
    const input: TaskInput = { ...fields, title: form.title.trim(), description: form.description.trim(), rewardUsdt: form.rewardUsdt.trim() };
    if (link) {
      input.url = url.trim();
      input.waitSeconds = waitOf(waitSeconds);
    }
    // A task changed away from link says outright that its URL goes, not only by its new kind.
    else if (task?.url) input.url = null;
    const reward = readAmount(input.rewardUsdt, amountRules.taskReward).micro ?? 0;
    if (!rewardKept && reward > rules.largeTaskReward) setHeld(input);
    else void mutate(input);
  };

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));

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
        {link && (
          <>
            <InputField
              label="Link URL"
              type="url"
              inputMode="url"
              required
              value={form.url}
              onChange={(e) => set("url", e.target.value)}
              error={urlError}
              placeholder="https://x.com/refbot"
              hint="The page users open; http:// or https:// only."
            />
            <InputField
              label="Wait before claiming (seconds)"
              type="number"
              inputMode="numeric"
              min={0}
              max={rules.maxLinkWaitSeconds}
              step={1}
              required
              value={form.waitSeconds}
              onChange={(e) => set("waitSeconds", e.target.value)}
              error={waitError}
              hint={`How long after opening the link users can claim the reward: 0 to ${rules.maxLinkWaitSeconds}.`}
            />
          </>
        )}
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={form.isActive} onChange={(e) => set("isActive", e.target.checked)} className="h-4 w-4 rounded border-slate-300 accent-indigo-600" />
          Active (users can see and complete it)
        </label>
      </form>
      <ConfirmDialog
        open={held !== null}
        onClose={() => setHeld(null)}
        onConfirm={() => held && mutate(held)}
        title="Confirm a large reward"
        description={`Every completion of “${held?.title ?? ""}” pays this reward.`}
        facts={[["Reward", <span key="reward" className="tabular-nums">{`${displayUsdt(held?.rewardUsdt)} USDT per completion`}</span>]]}
        confirmLabel={editing ? "Save with this reward" : "Create with this reward"}
        busyLabel={editing ? "Saving..." : "Creating..."}
        busy={isPending}
      >
        {held && <LargeAmountNotice amount={held.rewardUsdt} threshold={rules.largeTaskReward} what="Task rewards" />}
      </ConfirmDialog>
    </Dialog>
  );
}
