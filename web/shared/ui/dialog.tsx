// Modal dialog: rendered in a portal over a dimmed page, focus kept inside while open, Escape, a
// click on the backdrop or the platform's back button (Telegram's) closes it, and focus goes back
// to what opened it. Not the native <dialog>, because its top layer would hide the toasts that
// report a failed action behind the backdrop. The admin panel's "modal" has a header, a scrolling
// body and a footer; the mini app's "sheet" rises from the bottom as one padded column.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/web/shared/cn.ts";
import { XIcon } from "./icons.tsx";
import { usePlatform } from "./platform.ts";

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  variant?: "modal" | "sheet";
  /** The close button's accessible name, in the app's language. */
  closeLabel?: string;
};

const looks = {
  modal: {
    // Black, not the text colour: in a dark scheme the text is light and would pale the page instead.
    backdrop: "bg-black/50 p-0 sm:p-4",
    panel: "flex max-h-[92dvh] flex-col rounded-t-2xl sm:rounded-2xl",
    header: "gap-4 border-b border-line px-5 py-4",
    title: "font-semibold text-fg",
    description: "mt-0.5",
    close: "-mr-1 rounded-md p-1 text-hint hover:bg-line hover:text-fg focus-visible:outline-2 focus-visible:outline-accent",
    body: "min-h-0 flex-1 overflow-y-auto px-5 py-4",
  },
  sheet: {
    backdrop: "bg-black/50",
    panel: "max-w-md rounded-t-3xl p-5 pb-[max(1.25rem,var(--app-inset-bottom,env(safe-area-inset-bottom)))] sm:rounded-3xl",
    header: "mb-4 gap-3",
    title: "font-bold",
    description: "mt-1",
    close: "-m-2 grid h-11 w-11 shrink-0 place-items-center rounded-full text-hint hover:bg-hint/10",
    body: "",
  },
};

const nothing = () => {};

export function Dialog({ open, onClose, title, description, children, footer, size = "md", variant = "modal", closeLabel = "Close" }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const { useBack = nothing, useDialog = nothing } = usePlatform();
  useBack(open, onClose);
  useDialog(open);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const node = panel.current!;
    // Focus the first field if there is one, else the panel itself, so Tab starts inside.
    const first = node.querySelector<HTMLElement>("input, textarea, select") ?? node;
    first.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === "Tab") {
        const items = [...node.querySelectorAll<HTMLElement>(focusable)];
        if (items.length === 0) return event.preventDefault();
        const [head, tail] = [items[0]!, items[items.length - 1]!];
        if (event.shiftKey && (document.activeElement === head || document.activeElement === node)) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    node.addEventListener("keydown", onKeyDown);
    return () => {
      node.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  const look = looks[variant];
  return createPortal(
    <div className={cn("fixed inset-0 z-40 flex items-end justify-center sm:items-center", look.backdrop)} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn("w-full bg-bg shadow-xl outline-none", look.panel, variant === "modal" && { sm: "sm:max-w-md", md: "sm:max-w-lg", lg: "sm:max-w-2xl" }[size])}
      >
        <div className={cn("flex items-start justify-between", look.header)}>
          <div className="min-w-0">
            <h2 id={titleId} className={cn("text-lg", look.title)}>
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className={cn("text-sm text-hint", look.description)}>
                {description}
              </p>
            )}
          </div>
          <button type="button" onClick={onClose} aria-label={closeLabel} className={look.close}>
            <XIcon size={variant === "sheet" ? 18 : 20} />
          </button>
        </div>
        <div className={look.body}>{children}</div>
        {footer && <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-3 sm:flex-row sm:justify-end">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
