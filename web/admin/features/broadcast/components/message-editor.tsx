// One text of a broadcast (the default message or one language's): the box with its "x/4000"
// counter (red past the limit), what it is for and who gets it, and the live Telegram preview.
import type { ReactNode } from "react";
import { rules } from "@/domain/rules.ts";
import { cn } from "@/web/shared/cn.ts";
import { formatCount } from "@/web/shared/format.ts";
import { inputClass } from "@/web/shared/ui/field.tsx";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { MessagePreview } from "./message-preview.tsx";

// The server's limits on a broadcast text, counted after trimming.
export const MESSAGE_MIN = rules.broadcastMinLength;
export const MESSAGE_MAX = rules.broadcastMaxLength;

type MessageEditorProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Who receives this text, under the box. */
  audience?: ReactNode;
  /** The bot's name, above the preview's bubble. */
  sender: string;
};

export function MessageEditor({ id, label, value, onChange, placeholder, audience, sender }: MessageEditorProps) {
  const tooLong = value.length > MESSAGE_MAX;
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <div className="flex items-end justify-between gap-2">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {label}
          </label>
          <span id={`${id}-counter`} aria-live="polite" data-testid="broadcast-counter" className={cn("text-xs tabular-nums", tooLong ? "font-semibold text-rose-600" : "text-slate-500")}>
            {value.length}/{MESSAGE_MAX}
          </span>
        </div>
        <textarea
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={`${id}-counter ${id}-help`}
          aria-invalid={tooLong || undefined}
          rows={7}
          placeholder={placeholder}
          className={cn(inputClass, "min-h-40 resize-y font-mono", tooLong && "border-rose-500 focus:border-rose-500 focus:outline-rose-200")}
        />
        <p id={`${id}-help`} className={cn("text-xs", tooLong ? "text-rose-600" : "text-slate-500")}>
          {tooLong
            ? `The message is ${countOf(value.length - MESSAGE_MAX, "character")} over the limit.`
            : `Between ${MESSAGE_MIN} and ${formatCount(MESSAGE_MAX)} characters. Markdown: *bold*, _italic_, [link](https://...), \`code\`.`}
        </p>
        {audience && <p className="text-xs text-slate-600">{audience}</p>}
      </div>
      <MessagePreview text={value} sender={sender} />
    </div>
  );
}
