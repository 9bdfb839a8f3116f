// The route Telegram posts updates to in webhook mode. It exists from the first moment the
// server listens: updates carrying the wrong secret are refused at once, and until the bot
// knows who it is (getMe) the rest are answered 503, so Telegram keeps them and tries again.
import { timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import { webhookCallback } from "grammy";
import { AppError } from "@/domain/errors.ts";
import type { RefBot } from "./create-bot.ts";

export function webhookRoute(bot: RefBot, url: string, secret: string) {
  const handle = webhookCallback(bot, "std/http");
  const expected = Buffer.from(secret);
  return new Elysia({ name: "telegram-webhook" }).post(
    new URL(url).pathname,
    ({ request }) => {
      const given = Buffer.from(request.headers.get("x-telegram-bot-api-secret-token") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError("UNAUTHORIZED", "Wrong webhook secret token");
      if (!bot.isInited()) throw new AppError("BOT_STARTING", "The bot is still starting; Telegram will deliver this update again");
      return handle(request);
    },
    { parse: "none" },
  );
}
