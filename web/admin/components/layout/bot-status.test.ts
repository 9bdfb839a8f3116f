import { describe, expect, test } from "bun:test";
import type { HealthDto } from "@/api/contract.ts";
import { botLight } from "./bot-status.tsx";

const health = (bot: Partial<HealthDto["bot"]>, demoMode = false): HealthDto => ({
  ok: true,
  demoMode,
  botActive: bot.state === "active",
  bot: { state: "active", since: null, lastError: null, retryAt: null, ...bot },
  database: "ok",
});
const today = (h: number, m: number) => {
  const d = new Date();
  d.setHours(h, m, 0, 0);
  return d.toISOString();
};

describe("botLight", () => {
  test("each state has its label, hint and tone", () => {
    expect(botLight(undefined, true)).toMatchObject({ label: "Checking bot...", tone: "off" });
    expect(botLight(undefined, false)).toMatchObject({ label: "Server unreachable", tone: "warn" });
    expect(botLight(health({ state: "active" }), false)).toEqual({ label: "Bot Active", hint: "The Telegram bot is running", tone: "good" });
    expect(botLight(health({ state: "off" }, true), false)).toEqual({ label: "Bot Off", hint: "No BOT_TOKEN is set, so the bot is not running", tone: "off" });
    expect(botLight(health({ state: "starting" }), false)).toEqual({ label: "Bot starting…", hint: "Connecting to Telegram.", tone: "warn" });
  });

  test("unreachable says since when, with the last error and the next try as the hint", () => {
    const light = botLight(health({ state: "unreachable", since: today(9, 5), lastError: "Call to 'getMe' failed! (502: Bad Gateway)", retryAt: today(9, 6) }), false);
    expect(light).toEqual({ label: "Bot unreachable since 09:05", hint: "Call to 'getMe' failed! (502: Bad Gateway). Next try at 09:06.", tone: "warn" });
  });
});
