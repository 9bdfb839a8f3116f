// Telegram's Bot API as the bot meets it: how long each call took, by method, and the calls that
// failed (Telegram unreachable or slower than TELEGRAM_TIMEOUT, a 5xx, a 429, a refused request).
// An answer about the recipient (blocked the bot, chat not found) is not a failure of the Bot API
// and is not counted: a broadcast to many departed users would read as an outage. The long poll is
// left out of the timing: it waits for news by design, up to half a minute.
import { Counter, Histogram, type Registry } from "prom-client";

export type BotApiMetrics = { called(method: string, seconds: number, failed: boolean): void };

/** From a quick answer to past TELEGRAM_TIMEOUT's default (10 s), where a call is cut off. */
const durationBuckets = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function botApiMetrics(registry: Registry): BotApiMetrics {
  const duration = new Histogram({
    name: "refbot_bot_api_request_duration_seconds",
    help: "Time a Bot API call took, by method (getUpdates, whose long poll waits by design, is left out).",
    labelNames: ["method"] as const,
    buckets: durationBuckets,
    registers: [registry],
  });
  const errors = new Counter({
    name: "refbot_bot_api_errors_total",
    help: "Bot API calls that failed, by method: unreachable, timed out, 5xx, 429 or refused (answers about the recipient are not counted).",
    labelNames: ["method"] as const,
    registers: [registry],
  });
  return {
    called(method, seconds, failed) {
      if (method !== "getUpdates") duration.observe({ method }, seconds);
      if (failed) errors.inc({ method });
    },
  };
}
