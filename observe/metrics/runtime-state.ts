// What this process is doing, read when Prometheus asks: the bot's state (domain/bot-status.ts)
// and whether this instance leads the fleet (runs the bot's polling and the broadcast schedule).
import { Gauge, type Registry } from "prom-client";
import { botStates, type BotStatus } from "@/domain/bot-status.ts";

export type RuntimeSources = {
  botStatus(): BotStatus;
  /** Whether this instance holds the fleet's leadership; without one (SQLite, no bot) it runs everything itself. */
  leading(): boolean;
};

export function runtimeGauges(registry: Registry, { botStatus, leading }: RuntimeSources): void {
  new Gauge({
    name: "refbot_bot_state",
    help: "1 for the bot's current state (off, starting, active, unreachable), 0 for the others.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const now = botStatus().state;
      for (const state of botStates) this.set({ state }, state === now ? 1 : 0);
    },
  });
  new Gauge({
    name: "refbot_leader",
    help: "1 when this instance leads the fleet (the bot's polling, the broadcast schedule), else 0; 1 when there is no fleet to lead (SQLite, or no bot).",
    registers: [registry],
    collect() {
      this.set(leading() ? 1 : 0);
    },
  });
}
