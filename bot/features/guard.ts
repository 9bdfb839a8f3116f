// Runs before every feature: it settles the language to answer in, keeps what Telegram says of
// a known user (names, language, premium) current, gives banned users one polite answer and
// nothing else, and marks a user the bot could not reach reachable again when they write.
import { Composer } from "grammy";
import type { Deps } from "@/domain/context.ts";
import { pickLanguage } from "@/domain/i18n/languages.ts";
import { findUserByTgId, refreshProfile, setReachable, userLanguage } from "@/domain/users.ts";
import { profileOf, type BotContext } from "@/bot/context.ts";
import { texts } from "@/bot/texts.ts";

export function guard(deps: Deps) {
  const composer = new Composer<BotContext>();
  composer.use((ctx, next) => {
    ctx.language = pickLanguage(ctx.from?.language_code);
    return next();
  });
  composer.on("message", async (ctx, next) => {
    const known = await findUserByTgId(deps, ctx.from.id);
    // Only a change is written, so a chat costs one cached read per message.
    const user = known && (await refreshProfile(deps, known, profileOf(ctx.from)));
    if (user) ctx.language = userLanguage(user);
    if (user?.isBanned) {
      await ctx.reply(texts.banned(ctx.language, deps.settings.current().supportUrl), { link_preview_options: { is_disabled: true } });
      return;
    }
    if (user && !user.isActive) await setReachable(deps, user.tgId, true);
    await next();
  });
  return composer;
}
