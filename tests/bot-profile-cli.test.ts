// `refbot bot sync` as a process of its own against the fake Bot API: what it prints per language,
// its --json, --dry-run and exit codes, and the product's name read from the database's settings.
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runRefbot } from "./cli/support.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";

const token = "123456:TEST-token";
const dir = mkdtempSync(join(tmpdir(), "refbot-bot-sync-"));
let tg: FakeTelegram;
const env = (extra: Record<string, string> = {}) => ({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, MINIAPP_URL: "https://mini.example/app", DATABASE_PATH: join(dir, "none.sqlite"), ...extra });
const sync = (args: string[] = [], extra: Record<string, string> = {}) => runRefbot(["bot", "sync", ...args], { env: env(extra) });
const changes = () => tg.profileChanges().map((c) => `${c.method} ${c.body.language_code ?? "default"}`);

beforeEach(() => {
  tg?.stop();
  tg = startFakeTelegram();
});
afterAll(() => {
  tg.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("refbot bot sync", () => {
  test("the first run sets everything and says so per language; the second has nothing to change", async () => {
    const first = await sync();
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      [
        "default (en, for every other language): set commands, description, short description",
        "en: set commands, description, short description",
        "ru: set commands, description, short description",
        "es: set commands, description, short description",
        'menu button: set "Open App" opening https://mini.example/app (one for every language)',
        "Sent 13 values to Telegram.",
        "",
      ].join("\n"),
    );
    // No database at DATABASE_PATH: the default name, and a word on stderr.
    expect(first.stderr).toContain('the default product name "RefBot" is used');
    expect(tg.profile.descriptions.get("ru")).toStartWith("RefBot платит");
    expect(changes()).toHaveLength(13);

    tg.calls.length = 0;
    const second = await sync();
    expect(second).toMatchObject({ code: 0, stdout: "Nothing to change: the bot's commands, descriptions and menu button are as they should be in every language.\n" });
    expect(changes()).toEqual([]);
  });

  test("--json reports each value's state; --dry-run sends nothing", async () => {
    await sync();
    tg.profile.descriptions.set("es", "cambiada a mano");
    tg.calls.length = 0;
    const dry = await sync(["--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("es: would set description\n");
    expect(dry.stdout).toContain("ru: unchanged\n");
    expect(dry.stdout).toContain("Dry run: 1 value to set; nothing was sent.");
    expect(changes()).toEqual([]);

    const json = await sync(["--json"]);
    expect(json.code).toBe(0);
    const report = json.json();
    expect(report).toMatchObject({ dryRun: false, changed: 1, menuButton: { state: "unchanged", url: "https://mini.example/app", text: "Open App" } });
    expect(report.languages).toContainEqual({ language: "es", commands: "unchanged", description: "set", shortDescription: "unchanged" });
    expect(changes()).toEqual(["setMyDescription es"]);
  });

  test("a MINIAPP_URL that is not https: no menu button, and the output says why", async () => {
    const run = await sync([], { MINIAPP_URL: "http://127.0.0.1:3000/app" });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("menu button: skipped, since MINIAPP_URL (http://127.0.0.1:3000/app) is not https and Telegram opens only https mini apps");
    expect(run.stdout).toContain("Sent 12 values to Telegram.");
    const again = await sync([], { MINIAPP_URL: "http://127.0.0.1:3000/app" });
    expect(again.stdout).toBe("Nothing to change: the bot's commands and descriptions are as they should be in every language.\nmenu button: skipped, since MINIAPP_URL (http://127.0.0.1:3000/app) is not https and Telegram opens only https mini apps\n");
  });

  test("the product's name comes from the database's settings", async () => {
    const file = join(dir, "refbot.sqlite");
    expect((await runRefbot(["db", "migrate", "--db", file])).code).toBe(0);
    const db = new Database(file);
    db.run("insert into settings (key, value, updated_at) values ('productName', ?, ?)", [JSON.stringify("Coin Club"), Date.now()]);
    db.close();
    const run = await sync([], { DATABASE_PATH: file });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(tg.profile.descriptions.get("")).toStartWith("Coin Club pays you in USDT");
    expect(tg.profile.shortDescriptions.get("es")).toStartWith("Coin Club: gana USDT");
  });

  test("Telegram unreachable: exit 5 and nothing sent; Telegram down or answering 5xx alike", async () => {
    tg.goDown("5xx");
    const failing = await sync();
    expect(failing.code).toBe(5);
    expect(failing.stderr).toContain("Telegram's Bot API could not be reached");
    expect(failing.stderr).toContain("run it again later");
    tg.goDown("down");
    const gone = await sync();
    expect(gone.code).toBe(5);
    expect(gone.stdout).toBe("");
  });

  test("a token Telegram refuses is a clear error, exit 1; no BOT_TOKEN is bad usage, exit 2", async () => {
    tg.failWhen(() => ({ error_code: 401, description: "Unauthorized" }));
    const refused = await sync();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toEndWith("error: Telegram refused the bot token (401: Unauthorized): check BOT_TOKEN\n");

    const none = await runRefbot(["bot", "sync"], { env: { ...env(), BOT_TOKEN: "" } });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("BOT_TOKEN is not set");
    expect(tg.profileChanges()).toEqual([]);
  });
});
