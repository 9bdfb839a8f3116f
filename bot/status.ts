// What the bot is doing, kept from what its start-up loop and its Bot API calls observe. The
// runtime hands it to /api/health and the admin header.
import type { Clock } from "@/domain/context.ts";
import type { BotStatus } from "@/domain/bot-status.ts";

export function createBotStatus(clock: Clock = () => new Date(), log: (line: string) => void = console.error) {
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
      if (running) log("bot: Telegram can be reached again");
      enter(running ? "active" : "starting");
    },
    /** Telegram could not be used; `retryAt` is when the start-up loop tries again, if it is waiting. */
    failed(error: string, retryAt?: Date) {
      if (status.state === "off") return;
      // The loop logs its own failures; a running bot says once that it lost Telegram.
      if (status.state === "active") log(`bot: Telegram unreachable: ${error}`);
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
