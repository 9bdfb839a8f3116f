// /start and /start <refCode>: registers the user, binding the referrer on first contact, and
// answers in their language with the Open App button.
import { Composer } from "grammy";
import type { Deps } from "@/domain/context.ts";
import type { Config } from "@/config/env.ts";
import { referralLink, registerUser, userLanguage } from "@/domain/users.ts";
import { commandArgument, profileOf, type BotContext } from "@/bot/context.ts";
import { openAppKeyboard } from "@/bot/keyboards.ts";
import { texts } from "@/bot/texts.ts";

export function start(deps: Deps<Config>) {
  const composer = new Composer<BotContext>();
  composer.command("start", async (ctx) => {
    if (!ctx.from || ctx.chat.type !== "private") return;
    const { user, created } = await registerUser(deps, profileOf(ctx.from), commandArgument(ctx.match));
    const language = userLanguage(user);
    const text = created ? texts.welcome(language, user.firstName, referralLink(deps, user.refCode), deps.settings.current().channelUrl) : texts.welcomeBack(language, user.firstName);
    await ctx.reply(text, { reply_markup: openAppKeyboard(deps.config.bot.miniAppUrl, language), link_preview_options: { is_disabled: true } });
  });
  return composer;
}
