// The bot's profile kept at start: the instance that runs the bot syncs it once it is connected
// (and again should it become the fleet's leader later, or the product be renamed in the
// settings), in the background. Telegram being away
// or asking to wait is a warning and a later try; a refusal is logged once and left alone, since
// sending the same values again would be refused again.
import { GrammyError, type Api } from "grammy";
import { silentLog, type Log } from "@/observe/log.ts";
import { createBackoff, sleep, telegramBackoff, type BackoffOptions } from "./backoff.ts";
import { changedValues, syncBotProfile } from "./profile-sync.ts";
import { classifyTelegramError, describeTelegramError } from "./telegram-errors.ts";

export type ProfileKeeperOptions = {
  /** Read at each try, so a renamed product is what goes out. */
  productName: () => string;
  miniAppUrl: string;
  log?: Log;
  backoff?: BackoffOptions;
};

export function botProfileKeeper(api: Api, { productName, miniAppUrl, log = silentLog, backoff = telegramBackoff }: ProfileKeeperOptions) {
  const stopping = new AbortController();
  const { signal } = stopping;
  const retry = createBackoff(backoff);
  let running: Promise<void> | undefined;
  let settled = false;
  /** The product name the last settled sync went out with. */
  let syncedName: string | undefined;

  async function keep() {
    while (!signal.aborted) {
      const name = productName();
      try {
        const report = await syncBotProfile(api, { productName: name, miniAppUrl, signal });
        const changed = changedValues(report);
        if (changed.length > 0) log.info({ changed }, "the bot's profile was updated at Telegram");
        else log.info("the bot's profile at Telegram is as it should be");
        if (report.menuButton.state === "skipped") log.info({ miniAppUrl }, "the menu button is left as it is: MINIAPP_URL is not https, and Telegram opens only https mini apps");
        settled = true;
        syncedName = name;
        return;
      } catch (error) {
        if (signal.aborted) return;
        const failure = classifyTelegramError(error);
        if (failure !== "unavailable" && failure !== "rate_limited") {
          log.error({ error: describeTelegramError(error) }, "Telegram refused the bot's profile");
          settled = true;
          syncedName = name;
          return;
        }
        const retryAfterMs = (error instanceof GrammyError ? (error.parameters.retry_after ?? 0) : 0) * 1000;
        const waitMs = Math.max(retry.next(), retryAfterMs);
        log.warn({ error: describeTelegramError(error), retryInSeconds: Math.ceil(waitMs / 1000) }, "could not sync the bot's profile with Telegram");
        await sleep(waitMs, signal);
      }
    }
  }

  return {
    /**
     * Starts a sync unless one runs or one has finished for today's product name (a renamed
     * product changes the descriptions); never waits for it.
     */
    ensure() {
      if ((settled && productName() === syncedName) || running || signal.aborted) return;
      running = keep().finally(() => (running = undefined));
    },
    async stop() {
      stopping.abort();
      await running;
    },
  };
}

export type BotProfileKeeper = ReturnType<typeof botProfileKeeper>;
