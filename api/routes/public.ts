// Unauthenticated routes: health and readiness, the client configuration, and demo-mode init data.
import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "@/domain/context.ts";
import type { Config } from "@/config/env.ts";
import { notFound } from "@/domain/errors.ts";
import { signInitData } from "@/domain/init-data.ts";
import { demoUser } from "@/domain/users.ts";
import { formatUsdt } from "@/domain/money.ts";
import { explorer } from "@/domain/rules.ts";
import { botActive, type Runtime } from "@/domain/bot-status.ts";
import { readiness } from "@/domain/readiness.ts";

/**
 * Liveness: the API answers whatever Telegram and the database do; `bot` says what the bot is
 * doing meanwhile (`botActive` stays for clients that only read the flag), and `database` the
 * database's state as the last statements found it, without asking it anything.
 */
export function health({ config, store }: Deps<Config>, runtime: Runtime) {
  return { ok: true, demoMode: config.demoMode, botActive: botActive(runtime), bot: runtime.botStatus(), database: store.health.state() };
}

/** What clients need to know about this deployment, with the operator's settings as they are now; no secrets. */
export function publicConfig({ config, settings }: Deps<Config>, runtime: Runtime) {
  const now = settings.current();
  return {
    productName: now.productName,
    demoMode: config.demoMode,
    botActive: botActive(runtime),
    botUsername: config.bot.username,
    channelUrl: now.channelUrl,
    supportUrl: now.supportUrl,
    explorerTxUrl: explorer.tx,
    explorerAddressUrl: explorer.address,
    minWithdrawalUsdt: formatUsdt(now.minWithdrawal),
    /** Daily tasks a referred friend completes, besides joining the channel, to qualify. */
    qualifyingDailyTasks: now.qualifyingDailyTasks,
    referralTarget: now.referralTarget,
    referralMilestoneUsdt: formatUsdt(now.referralMilestone),
    referralBonusUsdt: formatUsdt(now.referralBonus),
    /** How long a referral bonus is held before it can be spent (the referralHoldHours setting); 0 pays at once. */
    referralHoldHours: now.referralHoldHours,
    broadcast: { batchSize: now.broadcastBatch, gapMs: now.broadcastGapMs, intervalSeconds: now.broadcastInterval },
  };
}

export function publicRoutes(deps: Deps<Config>, runtime: Runtime, initDataKey: Buffer) {
  const { config } = deps;
  return new Elysia({ prefix: "/api" })
    .get("/health", () => health(deps, runtime))
    .get("/health/ready", async ({ set }) => {
      const answer = await readiness(deps.store, runtime);
      if (!answer.ready) set.status = 503;
      return answer;
    })
    .get("/config", () => publicConfig(deps, runtime))
    .get(
      "/demo/init-data",
      async ({ query }) => {
        // Outside demo mode this route does not exist: only Telegram signs real init data.
        if (!config.demoMode) throw notFound("Route");
        const user = await demoUser(deps, query.tgId);
        const tgUser = user
          ? { id: user.tgId, first_name: user.firstName, last_name: user.lastName ?? undefined, username: user.username ?? undefined }
          : { id: query.tgId ?? 1_000_001, first_name: "Demo" };
        const authDate = Math.floor(deps.clock().getTime() / 1000);
        return { initData: signInitData({ user: tgUser, startParam: query.startParam, authDate }, initDataKey), tgId: tgUser.id };
      },
      { query: z.object({ tgId: z.coerce.number().int().positive().optional(), startParam: z.string().max(64).optional() }) },
    );
}
