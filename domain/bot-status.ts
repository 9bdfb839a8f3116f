// What the running process offers the API beyond the database: what the bot is doing, and a
// broadcast flush when there is a bot. Demo mode has neither. A port: the bot implements it, the
// HTTP layer reads it, and neither knows the other.
import type { FlushReport } from "./broadcast.ts";

export const botStates = ["off", "starting", "active", "unreachable"] as const;

/**
 * The bot as /api/health and the admin header show it. `since` is when it entered this state
 * (for `unreachable`, the first failure of the run); `lastError` is the last thing Telegram's
 * side went wrong with, kept after a recovery so an operator can still read it; `retryAt` is
 * when a bot that could not start tries again.
 */
export type BotStatus = {
  state: (typeof botStates)[number];
  since: Date | null;
  lastError: string | null;
  retryAt: Date | null;
};

export type Runtime = {
  botStatus: () => BotStatus;
  flush?: () => Promise<FlushReport>;
};

/** The compatibility flag older clients read: true only while the bot works with Telegram. */
export const botActive = (runtime: Runtime) => runtime.botStatus().state === "active";

export const noBotRuntime: Runtime = { botStatus: () => ({ state: "off", since: null, lastError: null, retryAt: null }) };
