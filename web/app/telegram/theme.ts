// Follows Telegram's colours: every theme param becomes a CSS variable (--tg-theme-bg-color, ...)
// that styles.css maps onto the app's palette, and the colour scheme is derived from the
// background so the app's own accents pick their light or dark variant.
import { onEvent, postEvent } from "./bridge.ts";
import type { ThemeParams } from "./launch-params.ts";

function isDark(hex: string | undefined): boolean | undefined {
  const m = hex?.match(/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (!m) return undefined;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => parseInt(c!, 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 128;
}

export function applyTheme(params: ThemeParams): void {
  const root = document.documentElement;
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value)) root.style.setProperty(`--tg-theme-${key.replace(/_/g, "-")}`, value);
  }
  const dark = isDark(params.bg_color);
  if (dark !== undefined) root.dataset.theme = dark ? "dark" : "light";
  // Paint Telegram's own header and background in the app's colours.
  if (params.bg_color) {
    postEvent("web_app_set_background_color", { color: params.bg_color });
    postEvent("web_app_set_header_color", { color: params.bg_color });
  }
}

export function followTheme(initial: ThemeParams): void {
  applyTheme(initial);
  onEvent("theme_changed", (data: { theme_params?: ThemeParams }) => {
    if (data?.theme_params) applyTheme(data.theme_params);
  });
  postEvent("web_app_request_theme");
}
