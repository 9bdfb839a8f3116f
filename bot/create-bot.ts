// Builds the grammY bot from its features. Everything it needs arrives as arguments: no
// module-level state, so tests create as many bots as they like against a fake Bot API.
import { autoRetry } from "@grammyjs/auto-retry";
import { sequentialize } from "@grammyjs/runner";
import { Bot } from "grammy";
import type { Deps } from "@/domain/context.ts";
import type { Config } from "@/config/env.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import type { BotApiMetrics } from "@/observe/metrics/bot-api.ts";
import type { BotContext } from "./context.ts";
import { fallback } from "./features/fallback.ts";
import { guard } from "./features/guard.ts";
import { help } from "./features/help.ts";
import { reachability } from "./features/reachability.ts";
import { start } from "./features/start.ts";
import type { BotStatusTracker } from "./status.ts";
import { clientOptions, configureApi } from "./telegram-api.ts";

/** `timeoutSeconds` defaults to TELEGRAM_TIMEOUT; `status` is told how each Bot API call went, and `metrics` how long it took. */
export type BotOptions = { token: string; apiRoot: string; timeoutSeconds?: number; status?: BotStatusTracker; log?: Log; metrics?: BotApiMetrics };

export function createBot(deps: Deps<Config>, { token, apiRoot, timeoutSeconds = deps.config.bot.timeoutSeconds, status, log = silentLog, metrics }: BotOptions) {
  const telegram = { apiRoot, timeoutSeconds, status, metrics };
  const bot = new Bot<BotContext>(token, { client: clientOptions(telegram) });
  configureApi(bot.api, telegram);
  // Replies are outside the fleet's send rate: Telegram's 30 a second is for bulk messages to many
  // users (its Bot FAQ), not answers to a user's own message. A 429 that comes anyway is waited
  // out (three times, half a minute at most) rather than the reply lost. An outage still fails
  // at once, as the connection and the status expect.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30, rethrowHttpErrors: true, rethrowInternalServerErrors: true }));
  // Updates are handled concurrently (the runner, or webhooks answered at once); one chat's, or
  // one user's, stay in the order they came.
  bot.use(sequentialize<BotContext>((ctx) => String(ctx.chat?.id ?? ctx.from?.id ?? "")));
  bot.use(reachability(deps));
  bot.use(guard(deps));
  bot.use(start(deps));
  bot.use(help(deps));
  bot.use(fallback(deps));
  // One failing update must not stop the bot; it is logged and the next update goes on.
  bot.catch((err) => log.error({ updateId: err.ctx.update.update_id, err: err.error }, "a bot update failed"));
  return bot;
}

export type RefBot = ReturnType<typeof createBot>;
