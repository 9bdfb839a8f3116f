// Runs before every feature: banned users get one polite answer and nothing else, and any
// message from a user the bot could not reach marks them reachable again.
import { Composer } from "grammy";
import type { Deps } from "@/domain/context.ts";
import { findUserByTgId, setReachable } from "@/domain/users.ts";
import { texts } from "@/bot/texts.ts";

export function guard(deps: Deps) {
  const composer = new Composer();
  composer.on("message", async (ctx, next) => {
    const user = await findUserByTgId(deps, ctx.from.id);
    if (user?.isBanned) {
      await ctx.reply(texts.banned);
      return;
    }
    if (user && !user.isActive) await setReachable(deps, user.tgId, true);
    await next();
  });
  return composer;
}
