// /start and /start <refCode>: registers the user, binding the referrer on first contact, and
// answers with the Open App button.
import { Composer } from "grammy";
import type { Deps } from "@/domain/context.ts";
import { referralLink, registerUser } from "@/domain/users.ts";
import { openAppKeyboard } from "@/bot/keyboards.ts";
import { texts } from "@/bot/texts.ts";

export function start(deps: Deps) {
  const composer = new Composer();
  composer.command("start", async (ctx) => {
    if (!ctx.from || ctx.chat.type !== "private") return;
    const { user, created } = await registerUser(
      deps,
      { tgId: ctx.from.id, firstName: ctx.from.first_name, lastName: ctx.from.last_name, username: ctx.from.username },
      ctx.match || undefined,
    );
    const text = created ? texts.welcome(user.firstName, referralLink(deps, user.refCode)) : texts.welcomeBack(user.firstName);
    await ctx.reply(text, { reply_markup: openAppKeyboard(deps.config.bot.miniAppUrl), link_preview_options: { is_disabled: true } });
  });
  return composer;
}
