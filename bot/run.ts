// Runs the bot beside the API: long polling by default, or a webhook when WEBHOOK_URL is set;
// plus the broadcast scheduler. Returns at once with the Runtime the API reports and uses for
// flushes; the bot connects to Telegram in the background, however long that takes.
import type { Elysia } from "elysia";
import type { FlushReport } from "@/domain/broadcast.ts";
import type { Deps } from "@/domain/context.ts";
import type { Config } from "@/config/env.ts";
import type { Runtime } from "@/domain/bot-status.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import type { BotApiMetrics } from "@/observe/metrics/bot-api.ts";
import type { BackoffOptions } from "./backoff.ts";
import { effectiveRate } from "@/domain/send-rate.ts";
import { broadcastScheduler } from "./broadcast-scheduler.ts";
import { connectBot } from "./connection.ts";
import { createBot } from "./create-bot.ts";
import { productNameOf } from "./profile.ts";
import { botProfileKeeper } from "./profile-keeper.ts";
import { startSender } from "./sender.ts";
import { createBotStatus, type BotStatusTracker } from "./status.ts";
import { botApi } from "./telegram-api.ts";
import { webhookRoute } from "./webhook.ts";

/** How often the leader looks whether the product was renamed since its profile went out. */
export const profileWatchMs = 5_000;

export type BotRuntime = Runtime & { flush: () => Promise<FlushReport>; webhook?: Elysia; stop: () => Promise<void> };

/** Which instance of a fleet takes updates and runs the timed flushes (db/pg/leader.ts). */
export type Leadership = { onChange(listener: (leading: boolean) => void): void; isLeading(): boolean };

/** A process on its own (SQLite) is the whole fleet. */
const alone: Leadership = { onChange: () => {}, isLeading: () => true };

export type StartBotOptions = {
  leadership?: Leadership;
  /** Required with WEBHOOK_URL: the configured or kept secret (webhookSecretFor). */
  webhookSecret?: string;
  /** Shared with the Bot API client of the membership checker and the notices sender, so their calls count too. */
  status?: BotStatusTracker;
  log?: Log;
  /** Told how long each of the bot's own Bot API calls took, and which failed. */
  metrics?: BotApiMetrics;
  backoff?: BackoffOptions;
};

export function startBot(deps: Deps<Config>, { webhookSecret, status, log = silentLog, metrics, backoff, leadership = alone }: StartBotOptions = {}): BotRuntime {
  const { token, apiRoot, webhookUrl } = deps.config.bot;
  if (!token) throw new Error("startBot needs BOT_TOKEN");
  if (webhookUrl && !webhookSecret) throw new Error("a webhook needs its secret: see webhookSecretFor");
  const tracker = status ?? createBotStatus(deps.clock, log);
  const bot = createBot(deps, { token, apiRoot, status: tracker, log, metrics });
  const webhook = webhookUrl && webhookSecret ? { url: webhookUrl, secret: webhookSecret } : undefined;
  const profile = botProfileKeeper(bot.api, { productName: () => productNameOf(deps), miniAppUrl: deps.config.bot.miniAppUrl, log, backoff });
  // The fleet's profile is one at Telegram: the instance that leads keeps it, once it is connected.
  const keepProfile = () => {
    if (leadership.isLeading()) profile.ensure();
  };
  leadership.onChange((leading) => {
    if (leading && bot.isInited()) profile.ensure();
  });
  // A product renamed in the settings goes out to Telegram's descriptions within a few seconds;
  // looking costs a comparison in memory.
  const renames = setInterval(() => bot.isInited() && keepProfile(), profileWatchMs);
  renames.unref?.();
  // Every instance takes webhooks (Telegram posts to any of them); only the leader polls.
  const connect = (leading: boolean) =>
    connectBot(bot, {
      webhook,
      receive: Boolean(webhook) || leading,
      status: tracker,
      log,
      backoff,
      onUp: keepProfile,
      // Referral links name the bot; unless configured, its real username comes from getMe.
      onIdentity: (me) => {
        if (!deps.config.bot.usernameSet) deps.config.bot.username = me.username;
      },
    });
  let connection = connect(leadership.isLeading());
  // Changes are handled one after another: a stop finishes before the next connection starts.
  let changing = Promise.resolve();
  if (!webhook) {
    leadership.onChange((leading) => {
      changing = changing.then(async () => {
        await connection.stop();
        connection = connect(leading);
      });
    });
  }
  // Broadcasts and notices go through a client of their own, without the replies' auto-retry:
  // their 429 pauses the fleet and puts the rows back (sender.ts), rather than holding a send.
  const telegram = { apiRoot, timeoutSeconds: deps.config.bot.timeoutSeconds, status: tracker, metrics };
  const sends = botApi(token, telegram);
  const byRate = () => effectiveRate(deps.settings.current().broadcastRate, deps.config.broadcast.paid) > 0;
  const scheduler = broadcastScheduler(deps, sends, { log, backoff, leading: leadership.isLeading, byRate });
  // Every instance sends: the rate is the fleet's, kept in the database, not one per instance.
  const sender = startSender(deps, sends, { log, backoff, leaseMs: 2 * (deps.config.bot.timeoutSeconds + 5) * 1000 });

  return {
    botStatus: tracker.get,
    flush: scheduler.flush,
    webhook: webhook && webhookRoute(bot, webhook.url, webhook.secret),
    stop: async () => {
      await changing;
      clearInterval(renames);
      await connection.stop();
      await profile.stop();
      await scheduler.stop();
      await sender.stop();
    },
  };
}
