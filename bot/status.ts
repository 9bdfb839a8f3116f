// What the bot is doing, kept from what its start-up loop and its Bot API calls observe. The
// runtime hands it to /api/health and the admin header.
import type { Clock } from "@/domain/context.ts";
import type { BotStatus } from "@/domain/bot-status.ts";
import { silentLog, type Log } from "@/observe/log.ts";

export function createBotStatus(clock: Clock = () => new Date(), log: Log = silentLog) {
  let status: BotStatus = { state: "starting", since: clock(), lastError: null, retryAt: null };
  // Whether start-up finished (polling runs or the webhook is set), so a recovery means active.
  let running = false;

  const enter = (state: BotStatus["state"], patch: Partial<BotStatus> = {}) => {
    status = { ...status, ...patch, state, since: status.state === state ? status.since : clock() };
  };

  return {
    get: (): BotStatus => ({ ...status }),
    /** Telegram answered a call, whatever the answer: it can be reached again. */
    reached() {
      if (status.state !== "unreachable") return;
      if (running) log.info({ unreachableSeconds: status.since && Math.round((clock().getTime() - status.since.getTime()) / 1000) }, "Telegram can be reached again");
      enter(running ? "active" : "starting");
    },
    /** Telegram could not be used; `retryAt` is when the start-up loop tries again, if it is waiting. */
    failed(error: string, retryAt?: Date) {
      if (status.state === "off") return;
      // The loop logs its own failures; a running bot says once that it lost Telegram.
      if (status.state === "active") log.warn({ error }, "Telegram unreachable");
      enter("unreachable", { lastError: error, ...(retryAt && { retryAt }) });
    },
    running() {
      running = true;
      enter("active", { retryAt: null });
    },
    stopped() {
      running = false;
      enter("off", { retryAt: null });
    },
  };
}

export type BotStatusTracker = ReturnType<typeof createBotStatus>;
