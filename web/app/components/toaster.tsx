// Shows the current toast (the shared toast store) just under the header, in Telegram's theme
// colours. Taps pass through it, so a toast never blocks the tabs or buttons beneath it while it
// waits out its five seconds.
import { useCurrentToast } from "../../shared/toast.ts";

const tones = { default: "border-line", success: "border-success", destructive: "border-danger" };

export function Toaster() {
  const toast = useCurrentToast();
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-14 z-50 flex justify-center px-3 pt-2">
      {toast && (
        <div
          key={toast.id}
          role={toast.variant === "destructive" ? "alert" : "status"}
          data-testid="toast"
          className={`w-full max-w-[420px] rounded-2xl border-l-4 bg-bg px-4 py-3 shadow-lg ring-1 ring-black/10 ${tones[toast.variant ?? "default"]}`}
        >
          <p className="text-sm font-semibold">{toast.title}</p>
          {toast.description && <p className="mt-0.5 text-sm text-hint">{toast.description}</p>}
        </div>
      )}
    </div>
  );
}
