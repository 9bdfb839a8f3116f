// Haptic feedback through web_app_trigger_haptic_feedback; a no-op outside Telegram.
import { postEvent } from "./bridge.ts";

export const haptics = {
  tap: () => postEvent("web_app_trigger_haptic_feedback", { type: "impact", impact_style: "light" }),
  select: () => postEvent("web_app_trigger_haptic_feedback", { type: "selection_change" }),
  success: () => postEvent("web_app_trigger_haptic_feedback", { type: "notification", notification_type: "success" }),
  error: () => postEvent("web_app_trigger_haptic_feedback", { type: "notification", notification_type: "error" }),
};
