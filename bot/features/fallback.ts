// Registered last: any other private message gets a short hint and the Open App button.
import { Composer } from "grammy";
import type { Deps } from "@/domain/context.ts";
import type { Config } from "@/config/env.ts";
import type { BotContext } from "@/bot/context.ts";
import { openAppKeyboard } from "@/bot/keyboards.ts";
import { texts } from "@/bot/texts.ts";

export function fallback(deps: Deps<Config>) {
  const composer = new Composer<BotContext>();
  composer
    .chatType("private")
    .on("message", (ctx) => ctx.reply(texts.help(ctx.language), { reply_markup: openAppKeyboard(deps.config.bot.miniAppUrl, ctx.language) }));
  return composer;
}
