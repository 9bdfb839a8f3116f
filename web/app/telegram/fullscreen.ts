// Fullscreen on phones (Bot API 8.0): the app takes the whole screen, Telegram's header shrinks to
// its buttons over the page, and the safe areas (safe-area.ts) say what they cover. A desktop
// client keeps its window: fullscreen there would hide the chat the app was opened from.
import { onEvent, postEvent, supports } from "./bridge.ts";

const phones = new Set(["android", "android_x", "ios"]);

export function goFullscreen(platform: string | undefined): void {
  if (!supports("8.0") || !phones.has(platform ?? "")) return;
  onEvent("fullscreen_changed", (data: { is_fullscreen?: boolean }) => {
    document.documentElement.dataset.fullscreen = data?.is_fullscreen ? "true" : "false";
  });
  postEvent("web_app_request_fullscreen");
}
