// The bot's own messages (replies to /start, /help ...) take their slot in the fleet's send rate
// like broadcasts and notices do (domain/send-rate.ts): Telegram's limit is one budget for every
// message the bot sends, so a burst of 1 000 /start is answered at the rate, in order of arrival,
// instead of 1 000 replies refused with 429 and retried all together every second.
import type { Transformer } from "grammy";
import type { Deps } from "@/domain/context.ts";
import { effectiveRate, freeRateLimit, reserveSends } from "@/domain/send-rate.ts";

/** The calls that send a message to a chat, and so count toward Telegram's limit. */
const sending = /^(send|copyMessage|forwardMessage)/;

export function replyPace(deps: Pick<Deps, "store" | "settings"> & { config: Pick<Deps["config"], "broadcast"> }): Transformer {
  // The bucket counts wall time, whatever clock the rules are handed: its slots are Telegram's seconds.
  const wall = { store: deps.store, clock: () => new Date() };
  return async (prev, method, payload, signal) => {
    if (sending.test(method)) {
      const rate = effectiveRate(deps.settings.current().broadcastRate, deps.config.broadcast.paid) || freeRateLimit;
      const { startsAt } = await reserveSends(wall, 1, rate);
      const wait = startsAt - Date.now();
      if (wait > 0) await Bun.sleep(wait);
    }
    return prev(method, payload, signal);
  };
}
