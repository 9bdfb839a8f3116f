// The route Telegram posts updates to in webhook mode. It exists from the first moment the
// server listens: updates carrying the wrong secret are refused at once, and until the bot
// knows who it is (getMe) the rest are answered 503, so Telegram keeps them and tries again.
// Telegram is answered as soon as the update is read, and the update handled after: a slow
// handler (a membership check, a busy database) never holds Telegram's request, which it would
// time out and send again, and updates are handled concurrently, one chat's in order
// (sequentialize in create-bot.ts). An update in hand when the process dies is not sent again.
import { timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import type { Update } from "grammy/types";
import { AppError } from "@/domain/errors.ts";
import type { RefBot } from "./create-bot.ts";

export function webhookRoute(bot: RefBot, url: string, secret: string) {
  const expected = Buffer.from(secret);
  return new Elysia({ name: "telegram-webhook" }).post(
    new URL(url).pathname,
    async ({ request }) => {
      const given = Buffer.from(request.headers.get("x-telegram-bot-api-secret-token") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError("UNAUTHORIZED", "Wrong webhook secret token");
      if (!bot.isInited()) throw new AppError("BOT_STARTING", "The bot is still starting; Telegram will deliver this update again");
      let update: Update;
      try {
        update = (await request.json()) as Update;
      } catch {
        throw new AppError("VALIDATION_FAILED", "The update is not JSON");
      }
      // Errors are the bot's error handler's (bot.catch); nothing waits for this.
      void bot.handleUpdate(update).catch(() => undefined);
      return new Response(null, { status: 200 });
    },
    { parse: "none" },
  );
}
