// The Open App button. Telegram accepts web_app buttons only for HTTPS addresses; a local
// http address (demo, tests) gets no button rather than a request Telegram would refuse.
import { InlineKeyboard } from "grammy";
import type { Language } from "@/domain/i18n/languages.ts";
import { texts } from "./texts.ts";

export function openAppKeyboard(miniAppUrl: string, language: Language): InlineKeyboard | undefined {
  return miniAppUrl.startsWith("https://") ? new InlineKeyboard().webApp(texts.openApp(language), miniAppUrl) : undefined;
}
