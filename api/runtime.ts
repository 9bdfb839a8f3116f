// What the running process offers the API beyond the database: whether the bot is up, and a
// broadcast flush when it is. Demo mode has neither.
import type { FlushReport } from "./domain/broadcast.ts";

export type Runtime = {
  botActive: () => boolean;
  flush?: () => Promise<FlushReport>;
};

export const noBotRuntime: Runtime = { botActive: () => false };
