// Renders the current toast (see ../toast.ts) in a labelled live region: F8 moves focus to it, a
// swipe of 50 px to the right dismisses it, and it is at most 420 px wide from medium screens up.
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { cn } from "../cn.ts";
import { dismissToast, pauseToast, useCurrentToast } from "../toast.ts";
import { AlertIcon, CircleCheckIcon, InfoIcon, XIcon } from "./icons.tsx";

const SWIPE_THRESHOLD_PX = 50;

export function Toaster() {
  const current = useCurrentToast();
  const region = useRef<HTMLDivElement>(null);
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

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

  useEffect(() => setOffset(0), [current?.id]);

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

  const variant = current?.variant ?? "default";
  const Icon = variant === "destructive" ? AlertIcon : variant === "success" ? CircleCheckIcon : InfoIcon;

  return (
    <div
      ref={region}
      role="region"
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed top-0 right-0 z-50 w-full p-3 outline-none sm:top-auto sm:bottom-0 md:max-w-[420px]"
    >
      <ol aria-live="polite" className="flex flex-col">
      {current && (
        <li
          key={current.id}
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
            variant === "destructive" ? "border-rose-700 bg-rose-600 text-white" : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <Icon className={cn("mt-0.5 h-5 w-5 shrink-0", variant === "success" && "text-emerald-600", variant === "default" && "text-indigo-600")} />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{current.title}</p>
            {current.description && <p className={cn("mt-0.5 text-sm break-words", variant === "destructive" ? "text-rose-50" : "text-slate-600")}>{current.description}</p>}
          </div>
          <button
            type="button"
            onClick={dismissToast}
            aria-label="Dismiss notification"
            className={cn("rounded-md p-1 focus-visible:outline-2", variant === "destructive" ? "text-rose-100 hover:bg-rose-700" : "text-slate-400 hover:bg-slate-100 hover:text-slate-700")}
          >
            <XIcon className="h-4 w-4" />
          </button>
        </li>
      )}
      </ol>
    </div>
  );
}
