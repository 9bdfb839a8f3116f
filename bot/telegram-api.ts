// The Bot API client settings every part of the bot shares: a bounded time per call, so a
// hanging Telegram cannot hold a flush or a membership check for minutes, a watch on each call's
// outcome that keeps the bot status current, and each call's time and failure in the metrics.
import { Api, HttpError, type ApiClientOptions, type Transformer } from "grammy";
import type { BotApiMetrics } from "@/observe/metrics/bot-api.ts";
import type { BotStatusTracker } from "./status.ts";
import { classifyAnswer, classifyTelegramError, describeTelegramError } from "./telegram-errors.ts";

/**
 * grammY types its signals after the abort-controller polyfill it ships for old Node versions;
 * at run time it takes any AbortSignal (it checks for addEventListener), such as Bun's own.
 */
export type GrammySignal = Parameters<Api["getMe"]>[0];
export const grammySignal = (signal: AbortSignal) => signal as unknown as GrammySignal;
const standardSignal = (signal: GrammySignal) => signal as unknown as AbortSignal | undefined;

/** How long one getUpdates long poll waits for news at Telegram. */
export const longPollSeconds = 30;

export type TelegramOptions = { apiRoot: string; timeoutSeconds: number; status?: BotStatusTracker; metrics?: BotApiMetrics };

/** grammY's own limit applies to every call, the long poll too, so it leaves room for the poll. */
export const clientOptions = ({ apiRoot, timeoutSeconds }: TelegramOptions): ApiClientOptions => ({
  apiRoot,
  timeoutSeconds: timeoutSeconds + longPollSeconds,
});

/** Every call but the long poll gets `timeoutSeconds`; running out is reported like a network failure. */
function boundedCalls(timeoutSeconds: number): Transformer {
  return async (prev, method, payload, given) => {
    if (method === "getUpdates") return prev(method, payload, given);
    const signal = standardSignal(given);
    const timer = AbortSignal.timeout(timeoutSeconds * 1000);
    try {
      return await prev(method, payload, grammySignal(signal ? AbortSignal.any([signal, timer]) : timer));
    } catch (error) {
      if (timer.aborted && !signal?.aborted) throw new HttpError(`Request to '${method}' timed out`, new Error(`no answer within ${timeoutSeconds} s`));
      throw error;
    }
  };
}

/** Tells the status whether Telegram could be used; a call cancelled by a stop says nothing. */
function watched(status: BotStatusTracker): Transformer {
  return async (prev, method, payload, signal) => {
    try {
      const answer = await prev(method, payload, signal);
      if (!answer.ok && classifyAnswer(answer.error_code, answer.description) === "unavailable") {
        status.failed(`Call to '${method}' failed! (${answer.error_code}: ${answer.description})`);
      } else {
        status.reached();
      }
      return answer;
    } catch (error) {
      if (!signal?.aborted && classifyTelegramError(error) === "unavailable") status.failed(describeTelegramError(error));
      throw error;
    }
  };
}

/**
 * Times every call and counts those that failed: Telegram unusable, a 429, a refused request. An
 * answer about the recipient (classified "user") is the recipient's state, not a failure of the
 * Bot API, and a call cancelled by a stop says nothing.
 */
function timed(metrics: BotApiMetrics): Transformer {
  return async (prev, method, payload, signal) => {
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      const answer = await prev(method, payload, signal);
      metrics.called(method, took(), !answer.ok && classifyAnswer(answer.error_code, answer.description) !== "user");
      return answer;
    } catch (error) {
      if (!signal?.aborted) metrics.called(method, took(), classifyTelegramError(error) !== "user");
      throw error;
    }
  };
}

/** Installs the shared behaviour on a client: the bot's own `bot.api` or a standalone one. */
export function configureApi<A extends Api>(api: A, { timeoutSeconds, status, metrics }: TelegramOptions): A {
  // Installed first, so it runs innermost and the watch and the timing see its timeouts.
  api.config.use(boundedCalls(timeoutSeconds));
  if (status) api.config.use(watched(status));
  if (metrics) api.config.use(timed(metrics));
  return api;
}

/** A Bot API client for the membership checker and the sender, outside the bot itself. */
export const botApi = (token: string, options: TelegramOptions) => configureApi(new Api(token, clientOptions(options)), options);
