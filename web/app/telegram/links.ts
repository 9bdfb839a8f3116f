// Opening links the way a mini app should: t.me links inside Telegram itself
// (web_app_open_tg_link), other links in the external browser (web_app_open_link). In the
// browser demo both open a new tab.
import { isInsideTelegram, postEvent } from "./bridge.ts";

export function openLink(url: string): void {
  const parsed = new URL(url);
  if (!isInsideTelegram()) {
    window.open(url, "_blank", "noopener");
    return;
  }
  if (parsed.hostname === "t.me") postEvent("web_app_open_tg_link", { path_full: parsed.pathname + parsed.search });
  else postEvent("web_app_open_link", { url });
}

/** Telegram's share sheet for a link and a message. */
export function shareUrl(url: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}
