// The one place the environment is read. Everything else receives a validated Config.
import { z } from "zod";
import { adminPasswordSchema } from "@/domain/admin-password.ts";
import { readAmount } from "@/domain/money.ts";
import { rules } from "@/domain/rules.ts";
import { defaultTimeoutSeconds } from "@/db/pg/timeouts.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** A comma-separated list of IP addresses and CIDR ranges; blank means none. */
const addressList = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const entries = value.split(",").map((e) => e.trim()).filter(Boolean);
    const address = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
    for (const entry of entries.filter((e) => !address.safeParse(e).success)) {
      ctx.addIssue({ code: "custom", message: `${entry} is not an IP address or CIDR range` });
    }
    return entries;
  });

/** What the log writes, from the most to the least: each level writes itself and those after it. */
export const logLevels = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

/** A number from the environment: blank means unset (the default), not 0 as Number("") has it. */
const number = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

/** An amount of USDT (at most two decimals) in micro-USDT, read with the one money rule; blank or 0 means none. */
const usdtLimit = optionalText.transform((value, ctx) => {
  if (value === undefined) return 0;
  const reading = readAmount(value, { field: "limit", max: rules.maxBalance });
  if (reading.problem === undefined) return reading.micro;
  ctx.addIssue({ code: "custom", message: reading.problem });
  return z.NEVER;
});

const configSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: number(z.coerce.number().int().min(0).max(65535).default(3000)),
  // Proxies whose X-Forwarded-For is believed. None by default: anyone can write the header.
  TRUST_PROXY: addressList,
  // PostgreSQL, for several instances on one database; without it, the SQLite file below.
  DATABASE_URL: optionalText.pipe(
    z
      .url()
      .refine((u) => /^postgres(ql)?:\/\//.test(u), "must be a postgres:// or postgresql:// URL (unset for SQLite)")
      .optional(),
  ),
  DATABASE_POOL: number(z.coerce.number().int().min(1).max(1000).default(20)),
  // Seconds to connect to PostgreSQL, and to wait on a statement before asking whether its
  // connection still lives (db/pg/store/liveness.ts); also about how long a request waits on a
  // database that cannot be reached before it is answered 503.
  DATABASE_TIMEOUT: number(z.coerce.number().min(0.5).max(60).default(defaultTimeoutSeconds)),
  DATABASE_PATH: z.string().min(1).default("data/refbot.sqlite"),
  SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  SQLITE_CACHE_MB: number(z.coerce.number().int().min(2).max(65_536).default(256)),
  SQLITE_MMAP_MB: number(z.coerce.number().int().min(0).max(1_048_576).default(4096)),
  JWT_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(adminPasswordSchema.optional()),
  BOT_TOKEN: optionalText.pipe(
    z.string().regex(/^\d+:[\w-]+$/, "must look like 123456:ABC-def").optional(),
  ),
  BOT_USERNAME: optionalText,
  TELEGRAM_API_ROOT: z.url().default("https://api.telegram.org"),
  TELEGRAM_TIMEOUT: number(z.coerce.number().int().min(1).max(300).default(10)),
  // Telegram delivers webhooks only over HTTPS; a plain-http address would carry the secret in
  // clear text, so it is refused rather than registered.
  WEBHOOK_URL: optionalText.pipe(z.url().refine((u) => u.startsWith("https://"), "must be an https:// address").optional()),
  WEBHOOK_SECRET: optionalText.pipe(
    z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1-256 characters of A-Z, a-z, 0-9, _ and -").optional(),
  ),
  CHANNEL_ID: optionalText,
  CHANNEL_URL: z.url().default("https://t.me/refbot_channel"),
  SUPPORT_URL: z.url().default("https://t.me/refbot_support"),
  MINIAPP_URL: optionalText.pipe(z.url().optional()),
  INIT_DATA_MAX_AGE: number(z.coerce.number().int().positive().default(86_400)),
  BROADCAST_BATCH: number(z.coerce.number().int().min(1).max(1000).default(28)),
  BROADCAST_GAP_MS: number(z.coerce.number().int().min(0).max(60_000).default(100)),
  BROADCAST_INTERVAL: number(z.coerce.number().int().min(0).default(300)),
  // Messages per second for the whole fleet (0: the batch pace above); Telegram's free limit is
  // about 30/s, paid broadcasts (BROADCAST_PAID, Stars) up to 1 000/s.
  BROADCAST_RATE: number(z.coerce.number().int().min(0).max(1000).default(0)),
  BROADCAST_PAID: bool.default(false),
  // Referral-farm defences (domain/risk.ts); every default keeps a small bot's behaviour.
  REFERRAL_HOLD_HOURS: number(z.coerce.number().min(0).max(24 * 365).default(0)),
  PAYOUT_DAILY_LIMIT: usdtLimit,
  PAYOUT_USER_DAILY_LIMIT: usdtLimit,
  RISK_FLAG_SCORE: number(z.coerce.number().int().min(0).max(10_000).default(0)),
  // Payouts checked on BNB Smart Chain (README: Payouts): on when an RPC endpoint is given.
  BSC_RPC_URL: optionalText.pipe(z.url().refine((u) => /^(https?|wss?):\/\//.test(u), "must be an http(s):// or ws(s):// URL").optional()),
  USDT_CONTRACT: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be 0x followed by 40 hex characters")
    .default("0x55d398326f99059fF775485246999027B3197955"),
  USDT_DECIMALS: number(z.coerce.number().int().min(0).max(36).default(18)),
  PAYOUT_CONFIRMATIONS: number(z.coerce.number().int().min(1).max(10_000).default(15)),
  // The hot wallet's private key, in a file of mode 0600 (config/payout-key.ts): payouts sent, not only checked.
  PAYOUT_KEY_FILE: optionalText,
  SEED_DEMO: z.enum(["auto", "true", "false"]).default("auto"),
  // Request lines are written at info, so "warn" leaves them out (README: Logs).
  LOG_LEVEL: z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined), z.enum(logLevels).default("info")),
  SKIP_WEB_BUILD: bool.default(false),
  // Prometheus metrics at GET /metrics (README: Metrics); false measures nothing and serves none.
  METRICS: bool.default(true),
  // A bearer token for GET /metrics from anywhere; without it only this machine may read them.
  METRICS_TOKEN: optionalText.pipe(z.string().regex(/^[\x21-\x7e]{16,}$/, "must be at least 16 characters, with no spaces").optional()),
});

export type Config = ReturnType<typeof createConfig>;

export class ConfigError extends Error {}

/** Validates the environment; a bad value throws a ConfigError that names the variable. */
export function createConfig(env: Record<string, string | undefined>) {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if ((c.ADMIN_EMAIL === undefined) !== (c.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  if (c.PAYOUT_KEY_FILE !== undefined && c.BSC_RPC_URL === undefined) {
    throw new ConfigError("Invalid configuration:\n  PAYOUT_KEY_FILE needs BSC_RPC_URL: a hot wallet sends through the chain's RPC");
  }
  const demoMode = c.BOT_TOKEN === undefined;
  return {
    host: c.HOST,
    port: c.PORT,
    trustProxy: c.TRUST_PROXY,
    /** PostgreSQL when set (with a pool of `databasePool` connections), else SQLite at databasePath. */
    databaseUrl: c.DATABASE_URL,
    databasePool: c.DATABASE_POOL,
    databaseTimeoutSeconds: c.DATABASE_TIMEOUT,
    databasePath: c.DATABASE_PATH,
    synchronous: c.SQLITE_SYNCHRONOUS,
    cacheMb: c.SQLITE_CACHE_MB,
    mmapMb: c.SQLITE_MMAP_MB,
    jwtSecret: c.JWT_SECRET,
    admin: c.ADMIN_EMAIL && c.ADMIN_PASSWORD ? { email: c.ADMIN_EMAIL, password: c.ADMIN_PASSWORD } : undefined,
    demoMode,
    bot: {
      token: c.BOT_TOKEN,
      // Filled in from Telegram's getMe at start-up when not configured (hence mutable).
      username: c.BOT_USERNAME ?? "refbot_demo_bot",
      usernameSet: c.BOT_USERNAME !== undefined,
      apiRoot: c.TELEGRAM_API_ROOT,
      timeoutSeconds: c.TELEGRAM_TIMEOUT,
      webhookUrl: c.WEBHOOK_URL,
      // Unset means one is generated and kept beside the database (see webhookSecretFor).
      webhookSecret: c.WEBHOOK_SECRET,
      channelId: c.CHANNEL_ID,
      channelUrl: c.CHANNEL_URL,
      supportUrl: c.SUPPORT_URL,
      miniAppUrl: c.MINIAPP_URL ?? `http://${c.HOST}:${c.PORT}/app`,
    },
    initDataMaxAge: c.INIT_DATA_MAX_AGE,
    broadcast: { batchSize: c.BROADCAST_BATCH, gapMs: c.BROADCAST_GAP_MS, intervalSeconds: c.BROADCAST_INTERVAL, rate: c.BROADCAST_RATE, paid: c.BROADCAST_PAID },
    risk: {
      holdMs: Math.round(c.REFERRAL_HOLD_HOURS * 3_600_000),
      /** micro-USDT; 0: no limit. */
      payoutDailyLimit: c.PAYOUT_DAILY_LIMIT,
      payoutUserDailyLimit: c.PAYOUT_USER_DAILY_LIMIT,
      /** 0: signals are neither computed nor acted on. */
      flagScore: c.RISK_FLAG_SCORE,
    },
    /** Without rpcUrl a payout's hash is recorded as typed, unchecked. The token in lower case, as logs carry it. */
    payouts: { rpcUrl: c.BSC_RPC_URL, usdtContract: c.USDT_CONTRACT.toLowerCase(), usdtDecimals: c.USDT_DECIMALS, confirmations: c.PAYOUT_CONFIRMATIONS, keyFile: c.PAYOUT_KEY_FILE },
    seedDemo: c.SEED_DEMO === "auto" ? demoMode : c.SEED_DEMO === "true",
    logLevel: c.LOG_LEVEL,
    skipWebBuild: c.SKIP_WEB_BUILD,
    metrics: { enabled: c.METRICS, token: c.METRICS_TOKEN },
  };
}
