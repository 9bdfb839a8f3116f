// Toast state shared by both apps, as the spec's toaster behaves: one toast visible at a time
// (a new one replaces the current one), dismissed after 5000 ms.
import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "success" | "destructive";
export type Toast = { id: number; title: string; description?: string; variant?: ToastVariant };

export const TOAST_DURATION_MS = 5000;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: Toast | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function dismissToast(): void {
  clearTimeout(timer);
  publish(null);
}

export function toast(input: Omit<Toast, "id">): void {
  clearTimeout(timer);
  publish({ ...input, id: nextId++ });
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
}

/** Holds the toast open while the pointer or focus is on it, then gives it its full time again. */
export function pauseToast(paused: boolean): void {
  clearTimeout(timer);
  if (!paused && current) timer = setTimeout(dismissToast, TOAST_DURATION_MS);
}

export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
