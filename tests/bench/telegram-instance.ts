// A second instance for npm run bench:telegram: one sender (bot/sender.ts) on its own process and
// connection pool, against the database BENCH_PG_URL names and the fake Bot API at
// TELEGRAM_API_ROOT, at BROADCAST_RATE / BROADCAST_PAID. Prints "ready", stops on SIGTERM.
import { createConfig } from "@/config/env.ts";
import { openPg } from "@/db/pg/client.ts";
import { pgStore } from "@/db/pg/store/index.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { fixedSettings } from "@/domain/settings-source.ts";
import { startSender } from "@/bot/sender.ts";
import { botApi } from "@/bot/telegram-api.ts";
import pino from "pino";
import { createLog } from "@/observe/log.ts";

const config = createConfig(process.env);
const store = await pgStore(openPg(process.env.BENCH_PG_URL!, { max: 8 }));
const deps = { store, clock: () => new Date(), config, settings: fixedSettings(defaultSettings(config)) };
const sender = startSender(deps, botApi("123456:bench-telegram-token", { apiRoot: config.bot.apiRoot, timeoutSeconds: 10 }), { leaseMs: 30_000, idleMs: 50, log: createLog({ level: "warn", destination: pino.destination(2) }) });
console.log("ready");
process.on("SIGTERM", () =>
  void sender
    .stop()
    .then(() => store.close())
    .finally(() => process.exit(0)),
);
