// refbot doctor at the operator's terminal, against the fake Bot API: a healthy installation, and
// each check failing with its fix (exit 1), in text and in --json; the same on PostgreSQL, where
// two instances signing with different JWT secrets fail the fleet's check.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDb, openDb } from "@/db/sqlite/client.ts";
import { migratePg } from "@/db/pg/client.ts";
import { secretFingerprint } from "@/domain/instances.ts";
import { startFakeTelegram } from "@/tests/support/fake-telegram.ts";
import { usePostgres } from "@/tests/support/postgres.ts";
import { startTestServer } from "@/tests/support/server.ts";
import { hasAnsi, runRefbot } from "./support.ts";

const tg = startFakeTelegram();
const botId = 999_000;
afterAll(() => tg.stop());
const pg = await usePostgres(import.meta.path);

type Check = { name: string; status: "ok" | "warn" | "fail"; message: string; fix: string | null };
const secret = "doctor-secret-doctor-secret-0123456789";

/** A migrated SQLite file; `scene` writes to it before the doctor reads it. */
function sqliteDatabase(scene?: (sql: (text: string) => void) => void): string {
  const file = join(mkdtempSync(join(tmpdir(), "refbot-doctor-")), "refbot.sqlite");
  const db = openDb(file);
  migrateDb(db);
  scene?.((text) => db.$client.run(text));
  db.$client.close();
  return file;
}

const healthyEnv = (database: Record<string, string>) => ({
  ...database,
  BOT_TOKEN: "123456:ABC-doctor",
  CHANNEL_ID: "@refbot_news",
  MINIAPP_URL: "https://bot.example.com/app",
  TELEGRAM_API_ROOT: tg.apiRoot,
  TELEGRAM_TIMEOUT: "2",
  JWT_SECRET: secret,
});

function scene({ admin = true, webhookUrl = "", pending = 0, lastError }: { admin?: boolean; webhookUrl?: string; pending?: number; lastError?: string } = {}) {
  tg.failWhen(() => undefined);
  if (admin) tg.statuses.set(botId, { status: "administrator" });
  else tg.statuses.delete(botId);
  Object.assign(tg.webhook, { url: webhookUrl, pending_update_count: pending, last_error_date: lastError ? Math.floor(Date.now() / 1000) - 60 : undefined, last_error_message: lastError });
}

const doctor = async (env: Record<string, string>) => {
  const r = await runRefbot(["doctor", "--json"], { env });
  const checks = JSON.parse(r.stdout) as Check[];
  return { ...r, checks, of: (name: string) => checks.find((c) => c.name === name)! };
};

test("a healthy installation: every check ok but the backup never made (a warning), exit 0; --json is {name, status, message, fix}", async () => {
  scene();
  const r = await doctor(healthyEnv({ DATABASE_PATH: sqliteDatabase() }));
  expect(r.code).toBe(0);
  expect(r.checks.map((c) => [c.name, c.status])).toEqual([
    ["configuration", "ok"],
    ["database", "ok"],
    ["migrations", "ok"],
    ["ledger", "ok"],
    ["bot token", "ok"],
    ["channel admin", "ok"],
    ["updates", "ok"],
    ["mini app address", "ok"],
    ["JWT secret", "ok"],
    ["free disk", "ok"],
    ["backup", "warn"],
  ]);
  for (const check of r.checks) expect(Object.keys(check)).toEqual(["name", "status", "message", "fix"]);
  expect(r.of("bot token").message).toBe("@refbot_test_bot (id 999000)");
  expect(r.of("channel admin")).toEqual({ name: "channel admin", status: "ok", message: "@refbot_test_bot is an administrator of @refbot_news", fix: null });
  expect(r.of("updates").message).toBe("long polling, 0 update(s) waiting");
  expect(r.of("backup")).toMatchObject({ message: "no backup recorded", fix: expect.stringContaining("refbot db backup") });
});

test("the text at a pipe: one line per check, the fix under what is not ok, a summary, no colour codes", async () => {
  scene({ admin: false });
  const r = await runRefbot(["doctor"], { env: healthyEnv({ DATABASE_PATH: sqliteDatabase() }) });
  expect(r.code).toBe(1);
  expect(hasAnsi(r.stdout + r.stderr)).toBe(false);
  expect(r.stdout).toContain("ok    bot token         @refbot_test_bot (id 999000)\n");
  expect(r.stdout).toContain("fail  channel admin     the bot is a stranger to @refbot_news, not an administrator, so every membership check fails\n                        fix: in Telegram open @refbot_news, tap its name, Administrators, Add Admin, search @refbot_test_bot");
  expect(r.stdout).toContain("\n1 failed: 9 ok, 1 warning(s), 1 failure(s).\n");
  expect(r.stderr).toBe("error: 1 check(s) failed\n");
});

test("a refused token, a plain-http mini app, a broken ledger and an old backup: each fails or warns with its fix", async () => {
  scene();
  tg.failWhen((call) => (call.method === "getMe" ? { error_code: 401, description: "Unauthorized" } : undefined));
  const day = 24 * 3_600_000;
  const file = sqliteDatabase((sql) => {
    sql(`insert into users (tg_id, first_name, ref_code, balance, total_earned, created_at) values (1, 'Ann', 'ANN1', 5000000, 0, ${Date.now()})`);
    sql(`insert into backup_runs (finished_at, file, engine, schema_version, bytes) values (${Date.now() - 3 * day}, '/var/backups/a.sqlite', 'sqlite', '0015_operator_settings', 1000)`);
  });
  const r = await doctor({ ...healthyEnv({ DATABASE_PATH: file }), MINIAPP_URL: "http://bot.example.com/app" });
  expect(r.code).toBe(1);
  expect(r.of("bot token")).toEqual({ name: "bot token", status: "fail", message: "Telegram refused the bot token (401 Unauthorized)", fix: expect.stringContaining("open @BotFather in Telegram, send /mybots") });
  expect(r.of("channel admin")).toMatchObject({ status: "fail", message: "not checked: the bot token does not work" });
  expect(r.of("updates")).toMatchObject({ status: "fail", message: "not checked: the bot token does not work" });
  expect(r.of("mini app address")).toMatchObject({ status: "fail", message: "http://bot.example.com/app is not https://: Telegram opens mini apps only over HTTPS", fix: expect.stringContaining("set MINIAPP_URL") });
  expect(r.of("ledger")).toMatchObject({ status: "fail", message: expect.stringContaining("1 problem(s), first: balance_mismatch"), fix: expect.stringContaining("refbot db check") });
  expect(r.of("backup")).toMatchObject({ status: "warn", message: expect.stringMatching(/^the newest backup is 72 h old/) });
  tg.failWhen(() => undefined);
});

test("a migration missing, a webhook Telegram does not have, and Telegram's recent delivery error", async () => {
  scene({ webhookUrl: "https://other.example.com/hook" });
  const file = sqliteDatabase((sql) => sql("delete from __drizzle_migrations where created_at = (select max(created_at) from __drizzle_migrations)"));
  const r = await doctor({ ...healthyEnv({ DATABASE_PATH: file }), WEBHOOK_URL: "https://bot.example.com/telegram" });
  expect(r.code).toBe(1);
  expect(r.of("migrations")).toMatchObject({ status: "fail", message: expect.stringMatching(/^1 migration\(s\) not applied: 00\d\d_/), fix: expect.stringContaining("refbot db migrate") });
  expect(r.of("updates")).toMatchObject({ status: "fail", message: "WEBHOOK_URL is https://bot.example.com/telegram but Telegram has webhook https://other.example.com/hook", fix: expect.stringContaining("restart the server") });

  scene({ pending: 150, lastError: "Connection refused" });
  const warned = await doctor(healthyEnv({ DATABASE_PATH: sqliteDatabase() }));
  expect(warned.code).toBe(0);
  const updates = warned.of("updates");
  expect(updates.message).toMatch(/^long polling; Telegram's last delivery failed .*: Connection refused; 150 update\(s\) waiting$/);
  expect(updates).toMatchObject({ status: "warn", fix: expect.stringContaining("WEBHOOK_URL") });
});

test("an invalid configuration is the one line, naming the variable; a missing database and demo mode say what to run", async () => {
  const bad = await doctor({ BOT_TOKEN: "not-a-token" });
  expect(bad.code).toBe(1);
  expect(bad.checks).toEqual([{ name: "configuration", status: "fail", message: "invalid: BOT_TOKEN: must look like 123456:ABC-def", fix: expect.stringContaining("refbot setup") }]);

  const missing = join(mkdtempSync(join(tmpdir(), "refbot-doctor-")), "none.sqlite");
  const r = await doctor({ DATABASE_PATH: missing });
  expect(r.code).toBe(1);
  expect(r.of("database")).toEqual({ name: "database", status: "fail", message: `no database at ${missing}`, fix: expect.stringContaining("refbot setup") });
  expect(r.of("bot token")).toMatchObject({ status: "warn", message: "not set: demo mode, the bot is off", fix: expect.stringContaining("refbot setup") });
  expect(r.of("JWT secret")).toMatchObject({ status: "fail", message: "not checked: the database could not be read" });
});

pg.test("PostgreSQL: a healthy database, then a second instance signing with another secret fails the fleet's check; the Setup page's route says the same", async () => {
  scene();
  const database = await pg.database();
  await migratePg(database.url);
  const env = healthyEnv({ DATABASE_URL: database.url });
  const healthy = await doctor(env);
  expect(healthy.code).toBe(0);
  expect(healthy.of("database").message).toBe("answers (PostgreSQL)");
  expect(healthy.of("free disk").status).toBe("ok");

  // A real server registers itself with its fingerprint; another, signing with its own secret, is seen too.
  const server = await startTestServer({ ...env, SKIP_WEB_BUILD: "true", SEED_DEMO: "false", METRICS: "false" });
  try {
    await database.sql`insert into instances (id, started_at, seen_at, secret_fingerprint, version) values ('other-host-1', now(), now(), ${secretFingerprint("another-secret-another-secret-0123456789")}, '1.0.0')`;
    const rows = await database.sql`select secret_fingerprint from instances order by id`;
    expect(rows.map((r: { secret_fingerprint: string }) => r.secret_fingerprint).sort()).toEqual([secretFingerprint(secret), secretFingerprint("another-secret-another-secret-0123456789")].sort());
    const r = await doctor(env);
    expect(r.code).toBe(1);
    expect(r.of("JWT secret")).toMatchObject({
      status: "fail",
      message: "1 of 2 instance(s) seen in the last 5 minutes sign with a different secret than this configuration's: their sign-ins fail on the others",
      fix: expect.stringContaining("same JWT_SECRET"),
    });

    const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }) });
    const { token } = (await login.json()) as { token: string };
    expect((await fetch(`${server.url}/api/admin/setup`)).status).toBe(401);
    const page = await fetch(`${server.url}/api/admin/setup`, { headers: { authorization: `Bearer ${token}` } });
    expect(page.status).toBe(200);
    const body = (await page.json()) as { checks: Check[]; summary: Record<string, number> };
    expect(body.checks.find((c) => c.name === "JWT secret")).toMatchObject({ status: "fail", message: expect.stringContaining("1 of 2 instance(s)") });
    expect(body.checks.find((c) => c.name === "channel admin")).toMatchObject({ status: "ok" });
    expect(body.summary).toEqual({ ok: body.checks.filter((c) => c.status === "ok").length, warn: 1, fail: 1 });
  } finally {
    await server.stop();
  }
  // A clean stop takes the instance out of the register.
  expect((await database.sql`select id from instances`).map((r: { id: string }) => r.id)).toEqual(["other-host-1"]);
}, 60_000);
