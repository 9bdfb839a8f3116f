// Connects the bot to Telegram in the background: learns who it is (getMe), then sets the
// webhook or starts long polling. Each failure is one log line and a bounded, growing wait; the
// API never waits on any of it, and a stop cuts every wait and call short.
import { run, type RunnerHandle } from "@grammyjs/runner";
import type { UserFromGetMe } from "grammy/types";
import type { Log } from "@/observe/log.ts";
import { createBackoff, sleep, telegramBackoff, type BackoffOptions } from "./backoff.ts";
import type { RefBot } from "./create-bot.ts";
import type { BotStatusTracker } from "./status.ts";
import { grammySignal, longPollSeconds } from "./telegram-api.ts";
import { describeTelegramError } from "./telegram-errors.ts";

export type ConnectOptions = {
  webhook?: { url: string; secret: string };
  /**
   * Whether this process takes updates (long polling, or registering the webhook). One that
   * does not only learns who the bot is: another instance of the fleet receives for it.
   */
  receive?: boolean;
  status: BotStatusTracker;
  log: Log;
  /** Called once the bot knows its own account. */
  onIdentity: (me: UserFromGetMe) => void;
  /** Called each time the bot is up: polling, its webhook set, or standing by. */
  onUp?: () => void;
  backoff?: BackoffOptions;
};

/** How long a stop waits for grammY to confirm the last update to a Telegram that may be gone. */
const stopGraceMs = 2000;

/** Updates handled at once by the runner; one chat's still go one at a time (sequentialize in create-bot.ts). */
const updatesInFlight = 200;

export function connectBot(bot: RefBot, { webhook, receive = true, status, log, onIdentity, onUp, backoff = telegramBackoff }: ConnectOptions) {
  const stopping = new AbortController();
  const { signal } = stopping;
  const cancel = grammySignal(signal);
  const retry = createBackoff(backoff);
  let runner: RunnerHandle | undefined;
  /** The newest update handed to the bot, confirmed to Telegram at a stop. */
  let lastUpdateId = 0;
  const polled = {
    api: bot.api,
    errorHandler: bot.errorHandler,
    handleUpdate: (update: Parameters<RefBot["handleUpdate"]>[0]) => {
      lastUpdateId = Math.max(lastUpdateId, update.update_id);
      return bot.handleUpdate(update);
    },
  };
  const how = !receive ? "standing by: another instance takes updates" : webhook ? `webhook ${webhook.url}` : "long polling";

  /** One attempt; resolves when the webhook is set, or when polling ends by a stop. */
  async function connect(): Promise<void> {
    if (!bot.isInited()) {
      // Not bot.init(): grammY retries that forever, with no word and no way to stop it.
      bot.botInfo = await bot.api.getMe(cancel);
      onIdentity(bot.botInfo);
    }
    const connected = () => {
      retry.reset();
      status.running();
      log.info({ bot: `@${bot.botInfo.username}`, mode: how }, "the bot is up");
      onUp?.();
    };
    if (!receive) return connected();
    if (webhook) {
      await bot.api.setWebhook(webhook.url, { secret_token: webhook.secret }, cancel);
      return connected();
    }
    // bot.start() deletes the webhook too, but retrying forever; done here first, it is bounded.
    await bot.api.deleteWebhook(undefined, cancel);
    // grammY's runner polls and hands each update on without waiting for the one before, up to
    // updatesInFlight at once, so a burst of /start does not queue behind itself. Telegram
    // outages while polling are retried by the runner (the status follows each call); it ends
    // polling only for a 401 or a 409 (another poller), which lands below.
    runner = run(polled, { runner: { fetch: { timeout: longPollSeconds }, silent: true, retryInterval: 1000, maxRetryTime: Number.MAX_SAFE_INTEGER }, sink: { concurrency: updatesInFlight } });
    connected();
    await runner.task();
    if (!signal.aborted) throw new Error("long polling stopped");
  }

  const running = (async () => {
    while (!signal.aborted) {
      try {
        await connect();
        if (webhook || !receive) return;
      } catch (error) {
        if (signal.aborted) return;
        const waitMs = retry.next();
        const message = describeTelegramError(error);
        status.failed(message, new Date(Date.now() + waitMs));
        log.warn({ error: message, retryInSeconds: Math.ceil(waitMs / 1000) }, "could not connect to Telegram");
        await sleep(waitMs, signal);
      }
    }
  })();

  return {
    async stop() {
      stopping.abort();
      status.stopped();
      // The runner's stop ends the long poll at once; the updates in hand are let finish, then
      // confirmed with one more getUpdates (so the next poller does not get them again), each
      // bounded, since a Telegram that is down would hold the call for its whole timeout.
      if (runner?.isRunning()) {
        await Promise.race([runner.stop().catch(() => undefined), Bun.sleep(stopGraceMs)]);
        const deadline = Date.now() + stopGraceMs;
        while (runner.size() > 0 && Date.now() < deadline) await Bun.sleep(20);
        if (lastUpdateId > 0) await Promise.race([bot.api.getUpdates({ offset: lastUpdateId + 1, limit: 1, timeout: 0 }).catch(() => undefined), Bun.sleep(stopGraceMs)]);
      }
      await Promise.race([running, Bun.sleep(stopGraceMs)]);
    },
  };
}
