// Labelled form controls: every input has a visible label tied to it, and an optional hint or error.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "@/web/shared/cn.ts";

const control =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 " +
  "focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-200 disabled:bg-slate-50 disabled:text-slate-500";

type FieldProps = { label: ReactNode; hint?: ReactNode; error?: ReactNode; className?: string };

function FieldShell({ id, label, hint, error, className, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-hint`} className="text-xs text-rose-600">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export function InputField({ label, hint, error, className, id, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <input id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={hint || error ? `${fieldId}-hint` : undefined} className={control} {...props} />
    </FieldShell>
  );
}

export function TextareaField({ label, hint, error, className, id, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <textarea id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={hint || error ? `${fieldId}-hint` : undefined} className={cn(control, "min-h-24")} {...props} />
    </FieldShell>
  );
}

export function SelectField({ label, hint, error, className, id, children, ...props }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} className={className}>
      <select id={fieldId} className={control} {...props}>
        {children}
      </select>
    </FieldShell>
  );
}

export const inputClass = control;
