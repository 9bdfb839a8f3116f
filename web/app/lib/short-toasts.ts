// Toasts in the mini app are brief: a phone screen has little room, and a toast that outlives the
// moment covers what the user turned to next. Confirmations go after a short glance, failures stay
// long enough to read the server's reason, and any toast goes when the user moves to another screen.
import { currentToast, dismissToast, type ToastVariant } from "@/web/shared/toast.ts";

const durations: Record<ToastVariant, number> = { success: 2000, default: 2500, destructive: 4000 };

export function keepToastsShort(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  currentToast.subscribe((toast) => {
    clearTimeout(timer);
    if (toast) timer = setTimeout(dismissToast, durations[toast.variant ?? "default"]);
  });
}
