// Renders the current toast (see ../toast.ts) in a labelled live region that F8 focuses. The
// admin panel's "card" sits at the top on phones and bottom right from small screens up (at most
// 420 px wide), pauses while hovered, and goes with its close button or a 50 px swipe to the
// right. The mini app's "banner" sits low, just above its bottom navigation, away from the content
// people read, and lets taps through, so it never blocks what lies beneath it; the mini app keeps
// it short and clears it on navigation.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { cn } from "@/web/shared/cn.ts";
import { currentToast, dismissToast, pauseToast, type Toast } from "@/web/shared/toast.ts";
import { AlertIcon, CircleCheckIcon, InfoIcon, XIcon } from "./icons.tsx";

const SWIPE_THRESHOLD_PX = 50;

const bannerEdges = { default: "border-line", success: "border-success", destructive: "border-danger" };

function Banner({ toast }: { toast: Toast }) {
  return (
    <li
      role="status"
      data-testid="toast"
      className={cn("w-full max-w-[420px] rounded-2xl border-l-4 bg-bg px-4 py-3 shadow-lg ring-1 ring-black/10", bannerEdges[toast.variant ?? "default"])}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description && <p className="mt-0.5 text-sm text-hint">{toast.description}</p>}
    </li>
  );
}

function Card({ toast }: { toast: Toast }) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current !== null && offset > SWIPE_THRESHOLD_PX) dismissToast();
    else setOffset(0);
    start.current = null;
  };
  const variant = toast.variant ?? "default";
  const destructive = variant === "destructive";
  const Icon = destructive ? AlertIcon : variant === "success" ? CircleCheckIcon : InfoIcon;
  return (
    <li
      role="status"
      data-testid="toast"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => pauseToast(true)}
      onMouseLeave={() => pauseToast(false)}
      style={{ transform: `translateX(${offset}px)`, opacity: offset ? Math.max(0.3, 1 - offset / 200) : 1 }}
      className={cn(
        "pointer-events-auto flex touch-pan-y items-start gap-3 rounded-xl border p-4 pr-3 shadow-lg",
        destructive ? "border-danger bg-danger text-[white]" : "border-edge bg-card text-fg",
      )}
    >
      <Icon className={cn("mt-0.5 h-5 w-5 shrink-0", variant === "success" && "text-success", variant === "default" && "text-accent")} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className={cn("mt-0.5 text-sm break-words", destructive ? "text-[white]/90" : "text-hint")}>{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={dismissToast}
        aria-label="Dismiss notification"
        className={cn("rounded-md p-1 focus-visible:outline-2", destructive ? "text-[white]/80 hover:bg-black/10" : "text-hint hover:bg-line hover:text-fg")}
      >
        <XIcon />
      </button>
    </li>
  );
}

/** `label` names the region for assistive tech, in the app's language. */
export function Toaster({ variant = "card", label = "Notifications" }: { variant?: "card" | "banner"; label?: string }) {
  useSignals();
  const toast = currentToast.value;
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const Item = variant === "banner" ? Banner : Card;
  return (
    <div
      ref={region}
      role="region"
      tabIndex={-1}
      aria-label={`${label} (F8)`}
      className={cn(
        "pointer-events-none fixed z-50 outline-none",
        variant === "banner" ? "inset-x-0 bottom-[calc(4.25rem+var(--app-inset-bottom,env(safe-area-inset-bottom)))] px-3" : "top-0 right-0 w-full p-3 sm:top-auto sm:bottom-0 md:max-w-[420px]",
      )}
    >
      <ol aria-live="polite" className={cn("flex flex-col", variant === "banner" && "items-center")}>
        {toast && <Item key={toast.id} toast={toast} />}
      </ol>
    </div>
  );
}
