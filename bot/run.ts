// Starts the bot beside the API: long polling by default, or a webhook when WEBHOOK_URL is set;
// plus the broadcast scheduler. Answers the Runtime the API reports and uses for flushes.
import { timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import { Api, webhookCallback } from "grammy";
import type { FlushReport } from "../api/domain/broadcast.ts";
import type { Deps } from "../api/domain/context.ts";
import type { Runtime } from "../api/runtime.ts";
import { flushBroadcasts } from "./broadcast-flush.ts";
import { createBot } from "./create-bot.ts";

export type BotRuntime = Runtime & { flush: () => Promise<FlushReport>; webhook?: Elysia; stop: () => Promise<void> };

/** The Bot API client the domain's membership checker and notifier use. */
export const botApi = (token: string, apiRoot: string) => new Api(token, { apiRoot });

export async function startBot(deps: Deps, log: (line: string) => void = console.log): Promise<BotRuntime> {
  const { token, apiRoot, webhookUrl, webhookSecret } = deps.config.bot;
  if (!token) throw new Error("startBot needs BOT_TOKEN");
  const bot = createBot(deps, { token, apiRoot, log });
  await bot.init();
  // Referral links name the bot; unless configured, its real username comes from getMe.
  if (!deps.config.bot.usernameSet) deps.config.bot.username = bot.botInfo.username;
  let active = false;

  let pausedUntil = 0;
  let flushing: Promise<FlushReport> | undefined;
  const flush = async (): Promise<FlushReport> => {
    // One flush at a time per process; across processes the atomic claim keeps rows apart.
    if (flushing) return flushing;
    const waitSeconds = Math.ceil((pausedUntil - Date.now()) / 1000);
    if (waitSeconds > 0) {
      return { claimed: 0, sent: 0, failed: 0, retried: 0, blocked: 0, stoppedByRateLimit: true, retryAfterSeconds: waitSeconds, results: [] };
    }
    flushing = flushBroadcasts(deps, bot.api, deps.config.broadcast).finally(() => (flushing = undefined));
    const report = await flushing;
    if (report.retryAfterSeconds) pausedUntil = Date.now() + report.retryAfterSeconds * 1000;
    return report;
  };
  const interval = deps.config.broadcast.intervalSeconds;
  const timer = interval > 0 ? setInterval(() => void flush().catch((e: Error) => log(`broadcast flush failed: ${e.message}`)), interval * 1000) : undefined;

  let webhook: Elysia | undefined;
  if (webhookUrl) {
    await bot.api.setWebhook(webhookUrl, { secret_token: webhookSecret });
    const handle = webhookCallback(bot, "std/http");
    const expected = Buffer.from(webhookSecret ?? "");
    webhook = new Elysia({ name: "telegram-webhook" }).post(
      new URL(webhookUrl).pathname,
      ({ request, set }) => {
        const given = Buffer.from(request.headers.get("x-telegram-bot-api-secret-token") ?? "");
        if (webhookSecret && (given.length !== expected.length || !timingSafeEqual(given, expected))) {
          set.status = 401;
          return { message: "Wrong webhook secret token", code: "UNAUTHORIZED" };
        }
        return handle(request);
      },
      { parse: "none" },
    );
    active = true;
  } else {
    await bot.api.deleteWebhook();
    void bot
      .start({ onStart: () => void (active = true) })
      .catch((error: Error) => log(`bot: polling stopped: ${error.message}`))
      .finally(() => void (active = false));
  }

  return {
    botActive: () => active,
    flush,
    webhook,
    stop: async () => {
      if (timer) clearInterval(timer);
      if (bot.isRunning()) await bot.stop();
      active = false;
      await flushing;
    },
  };
}
