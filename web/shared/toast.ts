// Toast state shared by both apps, as the spec's toaster behaves: one toast visible at a time
// (a new one replaces the current one), dismissed after 5000 ms.
import { signal, type ReadonlySignal } from "@preact/signals-react";

export type ToastVariant = "default" | "success" | "destructive";
export type Toast = { id: number; title: string; description?: string; variant?: ToastVariant };

export const TOAST_DURATION_MS = 5000;

const shown = signal<Toast | null>(null);
/** The toast on screen, if any. */
export const currentToast: ReadonlySignal<Toast | null> = shown;

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function dismissToast(): void {
  clearTimeout(timer);
  shown.value = null;
}

export function toast(input: Omit<Toast, "id">): void {
  clearTimeout(timer);
  shown.value = { ...input, id: nextId++ };
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
}

/** Holds the toast open while the pointer or focus is on it, then gives it its full time again. */
export function pauseToast(paused: boolean): void {
  clearTimeout(timer);
  if (!paused && shown.peek()) timer = setTimeout(dismissToast, TOAST_DURATION_MS);
}
