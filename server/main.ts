// `npm start`: migrate, seed on an empty demo database, build the web app if needed, serve the
// API and the web app on one port, and stop cleanly on Ctrl-C.
import { ConfigError, createConfig } from "@/config/env.ts";
import { createApp } from "@/api/app.ts";
import { useApiZodMessages } from "@/api/zod-messages.ts";
import { ensureFirstAdmin, jwtSecretFor, openDeps, webhookSecretFor } from "./bootstrap.ts";
import { buildWeb, webDist, webIsStale } from "./build-web.ts";
import { assertPortFree, listen, PortInUseError } from "./listen.ts";
import { checkpointInBackground } from "@/db/sqlite/checkpoints.ts";
import { pgClient } from "@/db/pg/client.ts";
import { pgLeadership } from "@/db/pg/leader.ts";
import { startHoldRelease } from "./hold-release.ts";
import { startPayoutConfirmations } from "./payout-confirmations.ts";
import { registerThisInstance } from "./instance-register.ts";
import { runDoctor } from "@/doctor/checks.ts";
import { seedIfEmpty } from "@/domain/seed.ts";
import { botApiMembershipChecker } from "@/bot/membership.ts";
import { startBot, type BotRuntime } from "@/bot/run.ts";
import { createBotStatus } from "@/bot/status.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { noBotRuntime, type Runtime } from "@/domain/bot-status.ts";
import { demoMembershipChecker } from "@/domain/membership.ts";
import { eventSinks } from "@/domain/events.ts";
import { walletFloat } from "@/domain/wallet-status.ts";
import { eventLog } from "@/observe/event-log.ts";
import { createLog } from "@/observe/log.ts";
import { createMetrics } from "@/observe/metrics/registry.ts";

async function main() {
  useApiZodMessages();
  const config = createConfig(process.env);
  // First of all: a second server on a busy port must not touch the database or reach Telegram.
  await assertPortFree(config.host, config.port);
  const { token, channelId } = config.bot;
  const jwtSecret = jwtSecretFor(config);
  const webhookSecret = config.bot.webhookUrl ? webhookSecretFor(config) : undefined;
  // Every secret this process holds is taken out of any line that would carry it (observe/secrets.ts).
  const log = createLog({ level: config.logLevel, secrets: [token, webhookSecret, jwtSecret, config.admin?.password, config.metrics.token] });
  const botLog = log.child({ component: "bot" });
  // What GET /metrics serves: the HTTP layer, the rules' events, the Bot API's calls and the
  // database's group commits report to it (METRICS=false: nothing is measured).
  const metrics = config.metrics.enabled ? createMetrics() : undefined;
  // One bot status for every Bot API client, so a failed membership check or notice shows too.
  const botStatus = token ? createBotStatus(() => new Date(), botLog) : undefined;
  const api = token ? botApi(token, { ...config.bot, status: botStatus, metrics: metrics?.botApi }) : undefined;
  const events = eventLog(log);
  const { deps, engine } = await openDeps(
    config,
    log,
    {
      membership: api ? botApiMembershipChecker(api, channelId, botLog) : demoMembershipChecker((line) => log.debug(line)),
      events: metrics ? eventSinks(events, metrics.events) : events,
    },
    metrics,
  );
  const checkpoints = engine.sqlite && config.databasePath !== ":memory:" ? checkpointInBackground(engine.sqlite, config.databasePath, { log }) : undefined;
  // On PostgreSQL several instances share the database; one of them polls Telegram and times
  // the broadcasts, and another takes over within seconds if it goes.
  const leadership = engine.postgresUrl && token ? pgLeadership(pgClient(engine.postgresUrl, { max: 1 }), "refbot.bot", { log }) : undefined;
  // The operator's settings as the database has them, before the first request is answered.
  await deps.settings.refresh();
  const admin = await ensureFirstAdmin(deps);
  if (config.seedDemo && (await seedIfEmpty(deps))) log.info("Seeded demo data into an empty database.");
  if (!config.skipWebBuild && webIsStale()) {
    log.info("building the web app");
    // The API is the core: a broken web build is reported loudly but does not keep it down.
    try {
      buildWeb();
    } catch (error) {
      log.error({ err: error }, "the web app did not build: serving the API without a fresh web app");
    }
  }

  // The bot connects to Telegram in the background, retrying with a growing wait: the API
  // serves at once whatever Telegram does, and /api/health says what the bot is doing.
  const runtime: Runtime & Partial<Pick<BotRuntime, "stop" | "webhook">> = token
    ? startBot(deps, { status: botStatus, webhookSecret, leadership, log: botLog, metrics: metrics?.botApi })
    : noBotRuntime;

  const holds = startHoldRelease(deps, { leading: leadership?.isLeading, log });
  const payouts = deps.chain ? startPayoutConfirmations(deps, deps.chain, { leading: leadership?.isLeading, log }) : undefined;
  // In the register `refbot doctor` reads to tell whether the fleet signs with one JWT secret.
  const instance = await registerThisInstance(deps, jwtSecret, { log });
  // Without a leadership (SQLite, or no bot to lead) this instance runs every singleton itself.
  metrics?.watch({ deps, botStatus: runtime.botStatus, leading: () => leadership?.isLeading() ?? true, walBytes: engine.walBytes, poolConnections: engine.poolConnections, hotWallet: deps.chain?.wallet ? () => walletFloat(deps) : undefined });
  // The Setup page's checks, on this server's own configuration, database and bot client.
  const doctor = () => runDoctor({ config, database: { store: deps.store }, api, jwtSecret, clock: deps.clock, chain: deps.chain });
  const app = createApp(deps, { jwtSecret, webDist, runtime, log, metrics, doctor });
  if (runtime.webhook) app.use(runtime.webhook);
  listen(app, config.host, config.port);
  const base = `http://${config.host}:${app.server!.port}`;

  // The banner speaks to whoever ran `npm start` (where to go, how to sign in, how to try the
  // API), so it stays plain text, printed once as serving begins; the log's own line for the
  // start follows it, with the addresses as fields for whatever reads the log.
  console.log(`refbot is running at ${base}`);
  console.log(`  database:  ${engine.description}`);
  if (engine.postgresUrl && !config.jwtSecret) console.log("  note:      JWT_SECRET is not set: sign-ins are signed with this machine's data/.jwt-secret; give every instance the same JWT_SECRET");
  console.log(`  admin:     ${base}/admin/login`);
  if (admin) console.log(`             e-mail ${admin.email}${admin.password ? `, password ${admin.password}` : ""}`);
  else console.log("             no admin configured: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `refbot admin add`");
  console.log(`  mini app:  ${base}/app`);
  if (token) {
    const how = config.bot.webhookUrl ? `webhook ${config.bot.webhookUrl}` : "long polling";
    console.log(`  bot:       connecting to Telegram (${how}) in the background; broadcasts every ${deps.settings.current().broadcastInterval} s`);
    if (!config.bot.miniAppUrl.startsWith("https://")) console.log("  note:      MINIAPP_URL is not HTTPS, so Telegram cannot show the Open App button");
  } else {
    console.log("  bot:       off (no BOT_TOKEN)");
  }
  console.log(`  payouts:   ${deps.chain ? `checked on chain (${config.payouts.confirmations} confirmations, token ${config.payouts.usdtContract})` : "not checked on chain (no BSC_RPC_URL)"}`);
  if (config.demoMode) {
    console.log("DEMO MODE: BOT_TOKEN is not set, so the bot is off, channel membership is assumed,");
    console.log("  and user calls may identify with a plain id. Try the API as a demo user:");
    console.log(`    curl -H 'X-Telegram-Id: 1000001' ${base}/api/me`);
    console.log(`    curl '${base}/api/demo/init-data?tgId=1000001'   # signed init data for X-Telegram-Init-Data`);
  }
  log.info({ url: base, admin: `${base}/admin`, miniApp: `${base}/app`, database: engine.description, bot: token ? "on" : "off", demo: config.demoMode }, "refbot started");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "stopping: finishing requests in flight, then closing the database");
    // Every money movement is one transaction, committed whole or not at all: stopping the
    // listener, letting running requests end and closing the database is enough.
    await runtime.stop?.();
    await holds.stop();
    await payouts?.stop();
    await instance.stop();
    deps.settings.stop();
    await leadership?.stop();
    await app.stop();
    await checkpoints?.stop();
    await engine.close();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof PortInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
