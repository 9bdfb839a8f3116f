// A bottom sheet dialog. While open, Telegram's back button closes it, as does Escape or a tap
// on the backdrop.
import { useEffect, useId } from "react";
import { useBackButton } from "../../telegram/back-button.ts";
import { XIcon } from "./icons.tsx";

type Props = { open: boolean; onClose: () => void; title: string; description?: string; children: React.ReactNode };

export function Dialog({ open, onClose, title, description, children }: Props) {
  const titleId = useId();
  useBackButton(open, onClose);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/50 sm:items-center" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md rounded-t-3xl bg-bg p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl sm:rounded-3xl"
        onClick={(event) => event.stopPropagation()}
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            {description && <p className="mt-1 text-sm text-hint">{description}</p>}
          </div>
          <button type="button" onClick={onClose} className="rounded-full p-1.5 text-hint hover:bg-hint/10" aria-label="Close">
            <XIcon size={18} />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
