// A labelled field of the mini app's sheets, with its error beside it: the message sits right
// under the input, tied to it (aria-describedby, aria-invalid) and announced when it appears.
import { useId, type ReactNode } from "react";
import { cn } from "@/web/shared/cn.ts";

type Props = {
  label: string;
  error?: string;
  hint?: string;
  /** Draws the control with the ids and states it needs: `describedBy` is undefined without an error or hint. */
  children: (control: { id: string; invalid: boolean; describedBy: string | undefined; className: string }) => ReactNode;
  /** Something beside the control (a Max button). */
  aside?: ReactNode;
};

export const fieldClass = "h-12 w-full min-w-0 rounded-xl border bg-page px-3 outline-none focus:border-accent";

export function FormField({ label, error, hint, children, aside }: Props) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        {children({ id, invalid: !!error, describedBy: error || hint ? noteId : undefined, className: cn(fieldClass, error ? "border-danger" : "border-line") })}
        {aside}
      </div>
      {error ? (
        <p id={noteId} role="alert" className="mt-1.5 text-sm text-danger" data-testid="field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className="mt-1.5 text-xs text-hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
