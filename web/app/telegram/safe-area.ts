// Where the app may draw (Bot API 8.0). In fullscreen Telegram lays its own header buttons over
// the top of the page and the phone its status bar and home indicator around it: the safe area is
// what the device covers, the content safe area what Telegram's controls cover within it. Both
// come as events, and CSS env() knows neither inside Telegram's webview on every platform, so each
// becomes a CSS variable (--tg-safe-area-inset-top, --tg-content-safe-area-inset-top, …) that
// styles.css adds up into the app's insets.
import { onEvent, postEvent, supports } from "./bridge.ts";

type Insets = { top?: number; bottom?: number; left?: number; right?: number };

const sides = ["top", "bottom", "left", "right"] as const;

function apply(kind: "safe-area" | "content-safe-area", insets: Insets | null | undefined): void {
  const root = document.documentElement;
  for (const side of sides) {
    const value = insets?.[side];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) root.style.setProperty(`--tg-${kind}-inset-${side}`, `${value}px`);
  }
}

export function followSafeAreas(): void {
  if (!supports("8.0")) return;
  onEvent("safe_area_changed", (insets: Insets) => apply("safe-area", insets));
  onEvent("content_safe_area_changed", (insets: Insets) => apply("content-safe-area", insets));
  postEvent("web_app_request_safe_area");
  postEvent("web_app_request_content_safe_area");
}
