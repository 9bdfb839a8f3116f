// The task form's boxes: type, title (required), description, reward in USDT (number, step 0.01,
// min 0), a link task's URL and wait, and whether the task is active. Errors are shown as given.
import type { TaskKind } from "@/api/contract.ts";
import { taskKindLabels } from "@/domain/labels.ts";
import { hasLink } from "@/domain/task-kinds.ts";
import { InputField, SelectField, TextareaField } from "@/web/shared/ui/field.tsx";
import { MAX_REWARD, type TaskForm, type TaskFormErrors } from "@/web/admin/features/tasks/task-form.ts";
import { LinkFields } from "./link-fields.tsx";

type TaskFormFieldsProps = {
  id: string;
  form: TaskForm;
  errors: TaskFormErrors;
  onChange: <K extends keyof TaskForm>(key: K, value: TaskForm[K]) => void;
  onSubmit: () => void;
};

export function TaskFormFields({ id, form, errors, onChange, onSubmit }: TaskFormFieldsProps) {
  return (
    <form
      id={id}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      className="space-y-4"
    >
      <SelectField label="Task type" value={form.kind} onChange={(e) => onChange("kind", e.target.value as TaskKind)}>
        {Object.entries(taskKindLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <InputField label="Title" required value={form.title} onChange={(e) => onChange("title", e.target.value)} error={errors.title} maxLength={200} placeholder="e.g. Daily Check-in" />
      <TextareaField label="Description" value={form.description} onChange={(e) => onChange("description", e.target.value)} maxLength={1000} placeholder="What the user has to do" />
      <InputField
        label="Reward (USDT)"
        type="number"
        inputMode="decimal"
        min={0}
        max={MAX_REWARD}
        step={0.01}
        required
        value={form.rewardUsdt}
        onChange={(e) => onChange("rewardUsdt", e.target.value)}
        error={errors.reward}
        hint={`At most ${MAX_REWARD} USDT.`}
      />
      {hasLink(form.kind) && <LinkFields url={form.url} waitSeconds={form.waitSeconds} urlError={errors.url} waitError={errors.wait} onChange={onChange} />}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={form.isActive} onChange={(e) => onChange("isActive", e.target.checked)} className="h-4 w-4 rounded border-slate-300 accent-indigo-600" />
        Active (users can see and complete it)
      </label>
    </form>
  );
}
