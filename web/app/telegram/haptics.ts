// Haptic feedback through web_app_trigger_haptic_feedback; a no-op outside Telegram.
import { currentToast } from "@/web/shared/toast.ts";
import { postEvent } from "./bridge.ts";

export const haptics = {
  tap: () => postEvent("web_app_trigger_haptic_feedback", { type: "impact", impact_style: "light" }),
  select: () => postEvent("web_app_trigger_haptic_feedback", { type: "selection_change" }),
  success: () => postEvent("web_app_trigger_haptic_feedback", { type: "notification", notification_type: "success" }),
  error: () => postEvent("web_app_trigger_haptic_feedback", { type: "notification", notification_type: "error" }),
};

/** A success toast comes with a success buzz and an error toast with an error buzz, wherever they are shown. */
export function buzzWithToasts(): void {
  currentToast.subscribe((toast) => {
    if (toast?.variant === "success") haptics.success();
    else if (toast?.variant === "destructive") haptics.error();
  });
}
