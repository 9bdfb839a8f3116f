// refbot setup as an operator runs it, against the fake Bot API: a refused token, a bot that is not
// an administrator of the channel, a plain-http mini app address, Telegram away, a full run with
// flags on each engine and a second run that changes nothing, a run through the Node shim, and an
// existing .env kept without --force.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeTelegram } from "@/tests/support/fake-telegram.ts";
import { usePostgres } from "@/tests/support/postgres.ts";
import { runRefbot } from "./support.ts";

const tg = startFakeTelegram();
const botId = 999_000;
afterAll(() => tg.stop());
const pg = await usePostgres(import.meta.path);

const token = "123456:ABC-setup-token";
const password = "correct horse battery";
const place = () => {
  const dir = mkdtempSync(join(tmpdir(), "refbot-setup-"));
  return { dir, env: join(dir, ".env"), db: join(dir, "refbot.sqlite") };
};
const flags = (p: { env: string; db: string }, extra: string[] = []) => [
  "setup", "--bot-token", token, "--channel", "@refbot_news", "--miniapp-url", "https://bot.example.com/app",
  "--admin-email", "Owner@Example.com", "--admin-password-stdin", "--db", p.db, "--env-path", p.env, "--yes", ...extra,
];
const setup = (p: { env: string; db: string }, extra: string[] = [], apiRoot = tg.apiRoot) =>
  runRefbot(flags(p, extra), { env: { TELEGRAM_API_ROOT: apiRoot, TELEGRAM_TIMEOUT: "2" }, stdin: `${password}\n` });

const botIsAdmin = (admin: boolean) => {
  tg.failWhen(() => undefined);
  if (admin) tg.statuses.set(botId, { status: "administrator" });
  else tg.statuses.delete(botId);
};

describe("refused", () => {
  test("a token Telegram refuses: the error names BotFather, exit 1, nothing written", async () => {
    botIsAdmin(true);
    tg.failWhen((call) => (call.method === "getMe" ? { error_code: 401, description: "Unauthorized" } : undefined));
    const p = place();
    const r = await setup(p);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--bot-token: Telegram refused the bot token (401 Unauthorized)");
    expect(r.stderr).toContain("@BotFather");
    expect(r.stderr).toContain("Nothing was changed");
    expect(existsSync(p.env) || existsSync(p.db)).toBe(false);
    tg.failWhen(() => undefined);
  });

  test("a bot that is not an administrator of the channel: says how to make it one, exit 1, nothing written", async () => {
    botIsAdmin(false);
    const p = place();
    const r = await setup(p);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("the bot is a stranger to @refbot_news, not an administrator, so every membership check fails");
    expect(r.stderr).toContain("open @refbot_news, tap its name, Administrators, Add Admin, search @refbot_test_bot");
    expect(existsSync(p.env) || existsSync(p.db)).toBe(false);
  });

  test("a channel Telegram does not know is refused with what to give instead", async () => {
    botIsAdmin(true);
    tg.failWhen((call) => (call.method === "getChatMember" ? { error_code: 400, description: "Bad Request: chat not found" } : undefined));
    const p = place();
    const r = await setup(p);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Telegram knows no channel @refbot_news the bot can see");
    expect(existsSync(p.env)).toBe(false);
    tg.failWhen(() => undefined);
  });

  test("a plain http:// mini app address is refused before anything is written (exit 2)", async () => {
    botIsAdmin(true);
    const p = place();
    const args = flags(p).map((a) => (a === "https://bot.example.com/app" ? "http://bot.example.com/app" : a));
    const r = await runRefbot(args, { env: { TELEGRAM_API_ROOT: tg.apiRoot }, stdin: `${password}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: --miniapp-url: must be an https:// address: Telegram opens mini apps only over HTTPS\n");
    expect(existsSync(p.env) || existsSync(p.db)).toBe(false);
  });

  test("Telegram unreachable: a clear error and exit 5", async () => {
    const p = place();
    const r = await setup(p, [], "http://127.0.0.1:9");
    expect(r.code).toBe(5);
    expect(r.stderr).toContain("Telegram could not be reached at http://127.0.0.1:9");
    expect(existsSync(p.env)).toBe(false);
  });

  test("without a terminal, missing answers are named and --yes is required", async () => {
    const p = place();
    const noYes = await runRefbot(["setup", "--env-path", p.env], { env: { TELEGRAM_API_ROOT: tg.apiRoot } });
    expect(noYes).toMatchObject({ code: 2, stderr: "error: setup: add --yes to confirm it (no terminal to ask at)\n" });
    const missing = await runRefbot(["setup", "--bot-token", token, "--env-path", p.env, "--yes"], { env: { TELEGRAM_API_ROOT: tg.apiRoot } });
    expect(missing).toMatchObject({ code: 2, stderr: "error: no terminal to ask at: pass --channel, --miniapp-url, --admin-email, --admin-password-stdin\n" });
  });
});

/** What a second run must leave as it was. */
type Rows = { admins: { email: string; role: string }[]; tasks: { title: string; kind: string; reward: number; is_active: unknown }[]; audit: number };

function sqliteRows(file: string): Rows {
  const db = new Database(file, { readonly: true });
  try {
    return {
      admins: db.query("select email, role from admins order by id").all() as Rows["admins"],
      tasks: db.query("select title, kind, reward, is_active from tasks order by id").all() as Rows["tasks"],
      audit: (db.query("select count(*) as n from admin_audit").get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

async function fullRun(p: { env: string; db: string }, rows: () => Promise<Rows>) {
  botIsAdmin(true);
  const first = await setup(p);
  expect(first.stderr).toBe("");
  expect(first.code).toBe(0);
  expect(first.stdout).toContain("✓ bot @refbot_test_bot: Telegram takes the token");
  expect(first.stdout).toContain("✓ admin owner@example.com created (owner)");
  expect(first.stdout).toContain('✓ tasks created: "Daily Check-in" (daily_activity, 0.20 USDT), "Join our channel" (follow_channel, 0.50 USDT)');
  expect(first.stdout).toContain("Setup is done. Next:\n  1. Start the server here: npm start");
  expect(statSync(p.env).mode & 0o777).toBe(0o600);
  const written = readFileSync(p.env, "utf8");
  expect(written).toContain(`BOT_TOKEN=${token}\n`);
  expect(written).toContain("BOT_USERNAME=refbot_test_bot\nCHANNEL_ID=@refbot_news\nCHANNEL_URL=https://t.me/refbot_news\nMINIAPP_URL=https://bot.example.com/app\n");
  const before = await rows();
  expect(before.admins).toEqual([{ email: "owner@example.com", role: "owner" }]);
  expect(before.tasks.map((t) => [t.title, t.kind, Number(t.reward)])).toEqual([
    ["Daily Check-in", "daily_activity", 200_000],
    ["Join our channel", "follow_channel", 500_000],
  ]);

  const second = await setup(p);
  expect(second.code).toBe(0);
  expect(second.stdout).toContain(`✓ ${p.env}: unchanged`);
  expect(second.stdout).toContain("✓ admin owner@example.com already exists (owner); its password was left as it is");
  expect(second.stdout).toContain("✓ tasks: 2 already there, none added");
  expect(second.stdout).toContain("Nothing needed changing.");
  expect(readFileSync(p.env, "utf8")).toBe(written);
  expect(await rows()).toEqual(before);
  return written;
}

test("SQLite: a full run with flags writes .env 0600, the database, an owner and the two tasks; a second run changes nothing", async () => {
  const p = place();
  await fullRun(p, async () => sqliteRows(p.db));
  expect(readFileSync(p.env, "utf8")).toContain(`DATABASE_PATH=${p.db}\n`);
});

pg.test("PostgreSQL: the same run on a fresh database, and a second that changes nothing", async () => {
  const database = await pg.database();
  const p = { ...place(), db: database.url };
  const written = await fullRun(p, async () => ({
    admins: [...(await database.sql`select email, role from admins order by id`)],
    tasks: [...(await database.sql`select title, kind, reward, is_active from tasks order by id`)],
    audit: Number((await database.sql`select count(*)::int as n from admin_audit`)[0].n),
  }));
  // A fleet on PostgreSQL signs with one secret, kept in .env by the first run.
  expect(written).toMatch(/\nJWT_SECRET=[0-9a-f]{64}\n/);
  expect(written).toContain(`DATABASE_URL=${database.url}\n`);
});

// Node reads an --env-file argument as its own option even after the script's name, and stops on a
// missing file: the flag naming the .env must reach setup through the shim an operator runs.
test("through the Node shim (npx refbot, npm link), a new .env is written where --env-path says", async () => {
  botIsAdmin(true);
  const p = place();
  const r = await runRefbot(flags(p), { env: { TELEGRAM_API_ROOT: tg.apiRoot, TELEGRAM_TIMEOUT: "2" }, stdin: `${password}\n`, shim: true });
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(readFileSync(p.env, "utf8")).toContain(`BOT_TOKEN=${token}\n`);
  expect(statSync(p.env).mode & 0o777).toBe(0o600);
});

test("an existing .env with other values is kept without --force, the changed keys shown; --force writes them, keeping the other lines", async () => {
  botIsAdmin(true);
  const p = place();
  const mine = "# my settings\nPORT=8080\nCHANNEL_ID=@old_channel\nBOT_TOKEN=111:OLD-token\n";
  writeFileSync(p.env, mine);
  const refused = await setup(p);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`${p.env} would change:\n  BOT_TOKEN: 111:OL… -> 123456…\n  BOT_USERNAME: (unset) -> refbot_test_bot\n  CHANNEL_ID: @old_channel -> @refbot_news\n`);
  expect(refused.stderr).toContain("run again with --force to write these changes. Nothing was changed.");
  expect(readFileSync(p.env, "utf8")).toBe(mine);
  expect(existsSync(p.db)).toBe(false);

  const forced = await setup(p, ["--force"]);
  expect(forced.code).toBe(0);
  const text = readFileSync(p.env, "utf8");
  expect(text).toStartWith(`# my settings\nPORT=8080\nCHANNEL_ID=@refbot_news\nBOT_TOKEN=${token}\n\n# Written by refbot setup\nBOT_USERNAME=refbot_test_bot\n`);
  expect(statSync(p.env).mode & 0o777).toBe(0o600);
});
