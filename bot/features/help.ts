// /help and /app in a private chat, in the user's language (settled by guard): what the bot does
// and its commands, or the button that opens the mini app.
import { Composer } from "grammy";
import type { Deps } from "@/domain/context.ts";
import type { Config } from "@/config/env.ts";
import type { BotContext } from "@/bot/context.ts";
import { openAppKeyboard } from "@/bot/keyboards.ts";
import { productNameOf } from "@/bot/profile.ts";
import { texts } from "@/bot/texts.ts";

export function help(deps: Deps<Config>) {
  const composer = new Composer<BotContext>();
  const chat = composer.chatType("private");
  const openApp = (ctx: BotContext) => openAppKeyboard(deps.config.bot.miniAppUrl, ctx.language);
  chat.command("help", (ctx) => ctx.reply(texts.helpWithCommands(ctx.language, productNameOf(deps)), { reply_markup: openApp(ctx) }));
  chat.command("app", (ctx) => ctx.reply(texts.openAppPrompt(ctx.language, productNameOf(deps)), { reply_markup: openApp(ctx) }));
  return composer;
}
