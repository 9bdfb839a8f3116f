// Follows Telegram's colours: every theme param becomes a CSS variable (--tg-theme-bg-color, ...)
// that styles.css maps onto the app's palette, and the colour scheme is derived from the
// background so the app's own accents pick their light or dark variant. Telegram's header and the
// webview's background take the colour the page itself paints (secondary_bg_color), so no band of
// another colour shows above the content or when the page is pulled past its end; the bottom bar,
// under the MainButton, takes the bottom navigation's colour (bg_color).
import { onEvent, postEvent, supports } from "./bridge.ts";
import type { ThemeParams } from "./launch-params.ts";

function isDark(hex: string | undefined): boolean | undefined {
  const m = hex?.match(/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (!m) return undefined;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => parseInt(c!, 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 128;
}

/** "rgb(239, 239, 243)" -> "#efeff3"; undefined for anything else (a transparent background). */
function hexOf(cssColor: string): string | undefined {
  const m = cssColor.match(/^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*1)?\)$/);
  return m ? `#${[m[1], m[2], m[3]].map((c) => Number(c).toString(16).padStart(2, "0")).join("")}` : undefined;
}

/** The page's own background: the theme's secondary colour, or the app's fallback for it. */
function paintedBackground(params: ThemeParams): string | undefined {
  return params.secondary_bg_color ?? hexOf(getComputedStyle(document.body).backgroundColor);
}

export function applyTheme(params: ThemeParams): void {
  const root = document.documentElement;
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value)) root.style.setProperty(`--tg-theme-${key.replace(/_/g, "-")}`, value);
  }
  const dark = isDark(params.bg_color);
  if (dark !== undefined) root.dataset.theme = dark ? "dark" : "light";
  const page = paintedBackground(params);
  if (page) {
    postEvent("web_app_set_background_color", { color: page });
    // A colour of its own only from 6.9; before that, the key of the same theme colour.
    postEvent("web_app_set_header_color", supports("6.9") ? { color: page } : { color_key: "secondary_bg_color" });
  }
  if (params.bg_color && supports("7.10")) postEvent("web_app_set_bottom_bar_color", { color: params.bg_color });
}

export function followTheme(initial: ThemeParams): void {
  applyTheme(initial);
  onEvent("theme_changed", (data: { theme_params?: ThemeParams }) => {
    if (data?.theme_params) applyTheme(data.theme_params);
  });
  postEvent("web_app_request_theme");
}
