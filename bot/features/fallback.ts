// Registered last: any other private message gets a short hint and the Open App button.
import { Composer } from "grammy";
import type { Deps } from "@/domain/context.ts";
import { openAppKeyboard } from "@/bot/keyboards.ts";
import { texts } from "@/bot/texts.ts";

export function fallback(deps: Deps) {
  const composer = new Composer();
  composer.chatType("private").on("message", (ctx) => ctx.reply(texts.help, { reply_markup: openAppKeyboard(deps.config.bot.miniAppUrl) }));
  return composer;
}
