// `refbot settings list|get|set|reset` against the real server, and a change written to the
// server's SQLite file by another process (as a script or a second instance would) reaching the
// server's answers within a second.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createConfig } from "@/config/env.ts";
import { openDb } from "@/db/sqlite/client.ts";
import { sqliteStore } from "@/db/sqlite/store/index.ts";
import { setSettings } from "@/domain/settings-changes.ts";
import { fixedSettings } from "@/domain/settings-source.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { startCli, type CliHarness } from "./cli/support.ts";

let cli: CliHarness;
beforeAll(async () => {
  cli = await startCli();
  await cli.login();
}, 60_000);
afterAll(() => cli.stop());

const config = async () => (await (await fetch(`${cli.server.url}/api/config`)).json()) as Record<string, unknown>;

test("list shows every setting with its default; --json gives the same as data", async () => {
  const table = await cli.run(["settings", "list"]);
  expect(table.code).toBe(0);
  expect(table.stdout).toMatch(/^GROUP\s+KEY\s+VALUE\s+DEFAULT\s+CHANGED/);
  expect(table.stdout).toMatch(/referrals\s+referralBonus\s+0\.20 USDT\s+0\.20 USDT/);
  const json = await cli.run(["settings", "list", "--json"]);
  expect(json.json<{ key: string }[]>().map((s) => s.key)).toContain("minWithdrawal");
});

test("set shows old → new and the server applies it; get and reset follow; --json on each", async () => {
  const set = await cli.run(["settings", "set", "minWithdrawal", "15"]);
  expect(set).toMatchObject({ code: 0, stderr: "" });
  expect(set.stdout.trim()).toBe("minWithdrawal: 10.00 USDT → 15.00 USDT");
  expect((await config()).minWithdrawalUsdt).toBe("15.00");

  const again = await cli.run(["settings", "set", "minWithdrawal", "15.00"]);
  expect(again.stdout.trim()).toBe("minWithdrawal is already 15.00 USDT: nothing changed.");

  const get = await cli.run(["settings", "get", "minWithdrawal", "--json"]);
  expect(get.json()).toMatchObject({ key: "minWithdrawal", value: "15.00", default: "10.00", changed: true, updatedBy: expect.stringContaining("@") });
  const human = await cli.run(["settings", "get", "minWithdrawal"]);
  expect(human.stdout).toContain("The smallest withdrawal a user may request.");

  const reset = await cli.run(["settings", "reset", "minWithdrawal", "--json"]);
  expect(reset.json()).toMatchObject({ changed: [{ key: "minWithdrawal", from: "15.00", to: "10.00" }] });
  expect((await config()).minWithdrawalUsdt).toBe("10.00");

  const setJson = await cli.run(["settings", "set", "referralTarget", "25", "--json"]);
  expect(setJson.json()).toMatchObject({ changed: [{ key: "referralTarget", from: 50, to: 25 }] });
  await cli.run(["settings", "reset", "referralTarget"]);
});

test("a bad value is the server's refusal naming the field and the rule, exit 1; an unknown key is a usage error before any call", async () => {
  const bad = await cli.run(["settings", "set", "channelUrl", "http://t.me/x"]);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain("channelUrl: must be an https:// link");
  expect(bad.stdout).toBe("");
  const unknown = await cli.run(["settings", "set", "bonus", "1"]);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('unknown setting "bonus"');
  expect((await config()).channelUrl).toBe("https://t.me/refbot_channel");
});

test("a change written to the server's database by another process reaches the server's answers within a second", async () => {
  const db = openDb(cli.server.databasePath);
  try {
    const store = sqliteStore(db);
    const localConfig = createConfig({ DATABASE_PATH: cli.server.databasePath, SEED_DEMO: "false" });
    const deps = { store, config: localConfig, clock: () => new Date(), settings: fixedSettings(defaultSettings(localConfig)) };
    await setSettings(deps, null, { productName: "Elsewhere Club" });
    const started = performance.now();
    while ((await config()).productName !== "Elsewhere Club") {
      if (performance.now() - started > 1_000) throw new Error("the server still answers the old product name a second after the change");
      await Bun.sleep(20);
    }
  } finally {
    db.$client.close();
  }
  await cli.run(["settings", "reset", "productName"]);
});
