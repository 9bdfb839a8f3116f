import { describe, expect, test } from "bun:test";
import { ConfigError, createConfig } from "./env.ts";

/** The ConfigError message of `env`, or a failure if the config is accepted. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    createConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("createConfig", () => {
  test("the farm defences are off by default, and their values are read with the money rule", () => {
    expect(createConfig({}).risk).toEqual({ holdMs: 0, payoutDailyLimit: 0, payoutUserDailyLimit: 0, flagScore: 0 });
    expect(createConfig({ REFERRAL_HOLD_HOURS: "72", PAYOUT_DAILY_LIMIT: "5000", PAYOUT_USER_DAILY_LIMIT: "50.5", RISK_FLAG_SCORE: "60" }).risk).toEqual({
      holdMs: 72 * 3_600_000,
      payoutDailyLimit: 5_000_000_000,
      payoutUserDailyLimit: 50_500_000,
      flagScore: 60,
    });
    expect(refusal({ PAYOUT_USER_DAILY_LIMIT: "10.001" })).toContain("PAYOUT_USER_DAILY_LIMIT: must have at most 2 decimals");
    expect(refusal({ PAYOUT_DAILY_LIMIT: "-5" })).toContain("PAYOUT_DAILY_LIMIT");
    expect(refusal({ RISK_FLAG_SCORE: "high" })).toContain("RISK_FLAG_SCORE");
  });

  test("payouts: unchecked without BSC_RPC_URL, BSC-USD with 18 decimals and 15 confirmations by default, each value checked", () => {
    expect(createConfig({}).payouts).toEqual({ rpcUrl: undefined, usdtContract: "0x55d398326f99059ff775485246999027b3197955", usdtDecimals: 18, confirmations: 15, keyFile: undefined });
    expect(createConfig({ BSC_RPC_URL: "https://bsc-dataseed.example", USDT_CONTRACT: "0xAbCdEf0123456789abcdef0123456789ABCDEF01", USDT_DECIMALS: "6", PAYOUT_CONFIRMATIONS: "3" }).payouts).toEqual({
      rpcUrl: "https://bsc-dataseed.example",
      usdtContract: "0xabcdef0123456789abcdef0123456789abcdef01",
      usdtDecimals: 6,
      confirmations: 3,
      keyFile: undefined,
    });
    // A hot wallet sends through the RPC: its key without one is refused.
    expect(() => createConfig({ PAYOUT_KEY_FILE: "/etc/refbot/payout.key" })).toThrow(/PAYOUT_KEY_FILE needs BSC_RPC_URL/);
    expect(createConfig({ BSC_RPC_URL: " " }).payouts.rpcUrl).toBeUndefined();
    expect(refusal({ BSC_RPC_URL: "ftp://node.example" })).toContain("BSC_RPC_URL: must be an http(s):// or ws(s):// URL");
    expect(refusal({ USDT_CONTRACT: "0x55d398326f99059fF775485246999027B31979" })).toContain("USDT_CONTRACT: must be 0x followed by 40 hex characters");
    expect(refusal({ PAYOUT_CONFIRMATIONS: "0" })).toContain("PAYOUT_CONFIRMATIONS");
    expect(refusal({ USDT_DECIMALS: "1.5" })).toContain("USDT_DECIMALS");
  });

  test("defaults: an empty environment is a working demo setup", () => {
    const c = createConfig({});
    expect(c).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      databasePath: "data/refbot.sqlite",
      synchronous: "FULL",
      jwtSecret: undefined,
      admin: undefined,
      demoMode: true,
      initDataMaxAge: 86_400,
      broadcast: { batchSize: 28, gapMs: 100, intervalSeconds: 300 },
      seedDemo: true,
      logLevel: "info",
      skipWebBuild: false,
    });
    expect(c.bot).toMatchObject({
      token: undefined,
      username: "refbot_demo_bot",
      usernameSet: false,
      apiRoot: "https://api.telegram.org",
      webhookUrl: undefined,
      channelUrl: "https://t.me/refbot_channel",
      supportUrl: "https://t.me/refbot_support",
      miniAppUrl: "http://127.0.0.1:3000/app",
    });
  });

  test("values are read, coerced and trimmed", () => {
    const c = createConfig({
      HOST: "0.0.0.0",
      PORT: "8080",
      DATABASE_PATH: "/tmp/x.sqlite",
      SQLITE_SYNCHRONOUS: "NORMAL",
      JWT_SECRET: `  ${"s".repeat(32)}  `,
      ADMIN_EMAIL: " ops@example.com ",
      ADMIN_PASSWORD: "long enough password",
      BOT_USERNAME: "my_bot",
      BROADCAST_BATCH: "10",
      BROADCAST_GAP_MS: "0",
      BROADCAST_INTERVAL: "60",
      INIT_DATA_MAX_AGE: "3600",
      LOG_LEVEL: " Debug ",
      SKIP_WEB_BUILD: "1",
    });
    expect(c).toMatchObject({
      host: "0.0.0.0",
      port: 8080,
      databasePath: "/tmp/x.sqlite",
      synchronous: "NORMAL",
      jwtSecret: "s".repeat(32),
      admin: { email: "ops@example.com", password: "long enough password" },
      broadcast: { batchSize: 10, gapMs: 0, intervalSeconds: 60 },
      initDataMaxAge: 3600,
      logLevel: "debug",
      skipWebBuild: true,
    });
    expect(c.bot).toMatchObject({ username: "my_bot", usernameSet: true, miniAppUrl: "http://0.0.0.0:8080/app" });
  });

  test("demo mode is on exactly when BOT_TOKEN is unset or blank; SEED_DEMO=auto follows it", () => {
    expect(createConfig({ BOT_TOKEN: "" })).toMatchObject({ demoMode: true, seedDemo: true });
    expect(createConfig({ BOT_TOKEN: "   " })).toMatchObject({ demoMode: true, seedDemo: true });
    const live = createConfig({ BOT_TOKEN: "123456:ABC-def_9" });
    expect(live).toMatchObject({ demoMode: false, seedDemo: false });
    expect(live.bot.token).toBe("123456:ABC-def_9");
    expect(createConfig({ BOT_TOKEN: "123456:ABC", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(createConfig({ SEED_DEMO: "false" })).toMatchObject({ demoMode: true, seedDemo: false });
  });

  test("DATABASE_TIMEOUT: 2 seconds by default, fractions allowed, at least half a second", () => {
    expect(createConfig({}).databaseTimeoutSeconds).toBe(2);
    expect(createConfig({ DATABASE_TIMEOUT: "1.5" }).databaseTimeoutSeconds).toBe(1.5);
    expect(createConfig({ DATABASE_TIMEOUT: "" }).databaseTimeoutSeconds).toBe(2);
    expect(refusal({ DATABASE_TIMEOUT: "0" })).toContain("DATABASE_TIMEOUT");
    expect(refusal({ DATABASE_TIMEOUT: "soon" })).toContain("DATABASE_TIMEOUT");
  });

  test("a blank number is unset (its default), not 0", () => {
    const c = createConfig({ PORT: "", INIT_DATA_MAX_AGE: " ", BROADCAST_BATCH: "", BROADCAST_GAP_MS: "", BROADCAST_INTERVAL: "" });
    expect(c).toMatchObject({ port: 3000, initDataMaxAge: 86_400, broadcast: { batchSize: 28, gapMs: 100, intervalSeconds: 300 } });
    expect(createConfig({ PORT: "0" }).port).toBe(0); // an explicit 0 still asks for any free port
  });

  test("blank optional values count as unset", () => {
    const c = createConfig({ JWT_SECRET: "", ADMIN_EMAIL: " ", ADMIN_PASSWORD: "", WEBHOOK_URL: "", MINIAPP_URL: "", BOT_USERNAME: "" });
    expect(c).toMatchObject({ jwtSecret: undefined, admin: undefined });
    expect(c.bot).toMatchObject({ webhookUrl: undefined, username: "refbot_demo_bot", usernameSet: false, miniAppUrl: "http://127.0.0.1:3000/app" });
  });

  test.each([
    ["PORT", "abc"],
    ["PORT", "-1"],
    ["PORT", "65536"],
    ["PORT", "80.5"],
    ["HOST", ""],
    ["DATABASE_PATH", ""],
    ["SQLITE_SYNCHRONOUS", "OFF"],
    ["SQLITE_SYNCHRONOUS", "full"],
    ["JWT_SECRET", "short"],
    ["ADMIN_EMAIL", "not-an-email"],
    ["BOT_TOKEN", "bad"],
    ["BOT_TOKEN", "123456"],
    ["TELEGRAM_API_ROOT", "not a url"],
    ["WEBHOOK_URL", "nope"],
    ["WEBHOOK_URL", "http://bot.example.com/telegram/webhook"],
    ["WEBHOOK_SECRET", "has spaces in it"],
    ["WEBHOOK_SECRET", "x".repeat(257)],
    ["TELEGRAM_TIMEOUT", "0"],
    ["TELEGRAM_TIMEOUT", "301"],
    ["CHANNEL_URL", "t.me/x"],
    ["SUPPORT_URL", "support"],
    ["MINIAPP_URL", "app"],
    ["INIT_DATA_MAX_AGE", "0"],
    ["INIT_DATA_MAX_AGE", "1.5"],
    ["BROADCAST_BATCH", "0"],
    ["BROADCAST_BATCH", "1001"],
    ["BROADCAST_GAP_MS", "-1"],
    ["BROADCAST_GAP_MS", "60001"],
    ["BROADCAST_INTERVAL", "-5"],
    ["SEED_DEMO", "maybe"],
    ["LOG_LEVEL", "verbose"],
    ["SKIP_WEB_BUILD", "2"],
  ])("%s=%p is refused with a message naming it", (name, value) => {
    // Admin settings come in pairs, so give the other half where one is under test.
    const pair = name === "ADMIN_EMAIL" ? { ADMIN_PASSWORD: "long enough password" } : {};
    const message = refusal({ ...pair, [name]: value });
    expect(message).toStartWith("Invalid configuration:");
    expect(message).toContain(`  ${name}: `);
  });

  test("TRUST_PROXY: none by default; a comma-separated list of addresses and CIDR ranges", () => {
    expect(createConfig({}).trustProxy).toEqual([]);
    expect(createConfig({ TRUST_PROXY: " " }).trustProxy).toEqual([]);
    expect(createConfig({ TRUST_PROXY: "127.0.0.1, ::1,10.0.0.0/8 ,fd00::/8" }).trustProxy).toEqual(["127.0.0.1", "::1", "10.0.0.0/8", "fd00::/8"]);
    for (const bad of ["localhost", "127.0.0.1,300.0.0.1", "10.0.0.0/33", "*"]) {
      expect(refusal({ TRUST_PROXY: bad })).toContain("  TRUST_PROXY: ");
    }
  });

  test("ADMIN_PASSWORD follows the admin password rule", () => {
    expect(refusal({ ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "short" })).toContain("ADMIN_PASSWORD: must be at least 10 characters");
    expect(refusal({ ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "x".repeat(1001) })).toContain("ADMIN_PASSWORD: must be at most 1000 characters");
  });

  test("ADMIN_EMAIL and ADMIN_PASSWORD must be set together", () => {
    expect(refusal({ ADMIN_EMAIL: "ops@example.com" })).toContain("ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
    expect(refusal({ ADMIN_PASSWORD: "long enough password" })).toContain("ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  });

  test("every bad value is reported at once, one line each", () => {
    const message = refusal({ PORT: "abc", BOT_TOKEN: "bad", SQLITE_SYNCHRONOUS: "OFF" });
    const lines = message.split("\n").slice(1);
    expect(lines.map((l) => l.trim().split(":")[0]).sort()).toEqual(["BOT_TOKEN", "PORT", "SQLITE_SYNCHRONOUS"]);
  });
});
