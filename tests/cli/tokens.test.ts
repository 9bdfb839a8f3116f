// refbot tokens and refbot admins against a real server whose bot talks to the fake Bot API: a
// token made by the owner drives `refbot broadcast flush` from a shell that never logged in, as
// the cron job does; its scopes, revocation and the roles are seen in output and exit codes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scopeNames } from "@/domain/access.ts";
import { startFakeTelegram, type FakeTelegram } from "@/tests/support/fake-telegram.ts";
import { hasAnsi, startBotCli, type CliHarness } from "./support.ts";

let tg: FakeTelegram;
let cli: CliHarness;
let elsewhere: string;
const users = [7_300_001, 7_300_002];

beforeAll(async () => {
  tg = startFakeTelegram();
  cli = await startBotCli(tg, users);
  elsewhere = mkdtempSync(join(tmpdir(), "refbot-cron-home-"));
});
afterAll(async () => {
  await cli.stop();
  tg.stop();
  rmSync(elsewhere, { recursive: true, force: true });
});

/** refbot as cron runs it: another HOME with no saved session, only REFBOT_TOKEN. */
const asCron = (args: string[], token: string) => cli.run(args, { env: { HOME: elsewhere, XDG_CONFIG_HOME: join(elsewhere, ".config"), REFBOT_TOKEN: token } });

describe("refbot tokens", () => {
  test("scopes lists every scope with its least role", async () => {
    const r = await cli.run(["tokens", "scopes"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/SCOPE\s+ROLE\s+WHAT IT ALLOWS/);
    expect(r.stdout).toMatch(/broadcast:flush\s+admin\s+send what is queued now/);
    expect((await cli.run(["tokens", "scopes", "--json"])).json().map((s: { name: string }) => s.name)).toEqual([...scopeNames]);
  });

  test("create prints the token alone on stdout, once; it flushes from a shell that never logged in; revoke ends it", async () => {
    const made = await cli.run(["tokens", "create", "--name", "cron", "--scopes", "broadcast:flush,risk:release", "--expires", "90d"]);
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^rbt_[A-Za-z0-9_-]{43}\n$/);
    expect(made.stderr).toMatch(/^Created API token #\d+ cron \(risk:release broadcast:flush\), expires \d{4}-\d\d-\d\d \d\d:\d\d UTC\.\n/);
    expect(made.stderr).toContain("Shown once");
    const token = made.stdout.trim();

    // The list: name, scopes, created, last used, expiry; never the token.
    const list = await cli.run(["tokens", "list"]);
    expect(list.code).toBe(0);
    expect(hasAnsi(list.stdout)).toBe(false);
    expect(list.stdout).toMatch(/ID\s+NAME\s+CREATED\s+LAST USED \(UTC\)\s+EXPIRES\s+SCOPES\n/);
    expect(list.stdout).toMatch(/cron\s+\d{4}-\d\d-\d\d\s+never\s+\d{4}-\d\d-\d\d\s+risk:release broadcast:flush\n/);
    expect(list.stdout).not.toContain(token);

    expect((await cli.run(["broadcast", "send", "News for the cron job"])).code).toBe(0);
    const flush = await asCron(["broadcast", "flush", "--json"], token);
    expect(flush.code).toBe(0);
    expect(flush.json()).toMatchObject({ sent: 2, leftQueued: 0 });
    for (const id of users) expect(tg.delivered(id).some((c) => c.body.text === "News for the cron job")).toBe(true);

    const who = await asCron(["whoami"], token);
    expect(who.stdout).toStartWith(`${cli.server.adminEmail} (admin #`);
    expect(who.stdout).toContain("owner, through the API token cron");
    expect((await cli.run(["tokens", "list", "--json"])).json()[0].lastUsedAt).not.toBeNull();

    // Outside its scopes: 403, exit 1, in the server's words.
    const refused = await asCron(["withdrawals", "list"], token);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('error: The API token "cron" does not have the scope withdrawals:read (403 FORBIDDEN_SCOPE)\n');
    // Signing out with it ends nothing.
    expect((await asCron(["logout"], token)).stdout).toContain("signing out does not end");

    const revoked = await cli.run(["tokens", "revoke", "cron"]);
    expect(revoked).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Revoked API token #\d+ cron\.\n$/) });
    const after = await asCron(["broadcast", "flush"], token);
    expect(after.code).toBe(3);
    expect(after.stderr).toContain("revoked");
    expect(after.stderr).toContain("REFBOT_TOKEN");
    expect((await cli.run(["tokens", "list"])).stdout).toBe("No API tokens. Make one with `refbot tokens create`.\n");
    const again = await cli.run(["tokens", "revoke", "cron"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("No API token is named cron");
  });

  test("bad flags are usage errors before any call; a name taken is the server's 409", async () => {
    const unknown = await cli.run(["tokens", "create", "--name", "x", "--scopes", "broadcast:flush,coffee:make"]);
    expect(unknown).toMatchObject({ code: 2, stderr: 'error: --scopes: unknown scope "coffee:make": `refbot tokens scopes` lists them\n' });
    expect((await cli.run(["tokens", "create", "--name", "x"])).code).toBe(2);
    const json = await cli.run(["tokens", "create", "--name", "reports", "--scopes", "stats:read", "--json"]);
    expect(json.json()).toMatchObject({ name: "reports", scopes: ["stats:read"], expiresAt: null, token: expect.stringMatching(/^rbt_/) });
    const taken = await cli.run(["tokens", "create", "--name", "reports", "--scopes", "stats:read"]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain("(409 ALREADY_EXISTS)");
    const past = await cli.run(["tokens", "create", "--name", "old", "--scopes", "stats:read", "--expires", "2001-01-01"]);
    expect(past).toMatchObject({ code: 1, stderr: "error: expires: must lie in the future (400 VALIDATION_FAILED)\n" });
  });
});

describe("refbot admins and admin add --role", () => {
  test("a viewer added on the server is listed, refused a write (exit 1, FORBIDDEN_ROLE), and promoted by the owner", async () => {
    const added = await cli.run(["admin", "add", "--email", "seer@refbot.test", "--password-stdin", "--role", "viewer", "--json"], {
      stdin: "a long enough password\n",
      env: { DATABASE_PATH: cli.server.databasePath },
    });
    expect(added.code).toBe(0);
    expect(added.json()).toMatchObject({ email: "seer@refbot.test", role: "viewer" });
    expect((await cli.run(["admin", "add", "--role", "emperor", "--email", "x@refbot.test", "--password-stdin"], { stdin: "pw pw pw pw pw\n" })).code).toBe(2);

    const list = await cli.run(["admins", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/ID\s+EMAIL\s+ROLE\s+ADDED \(UTC\)/);
    expect(list.stdout).toMatch(/seer@refbot\.test\s+viewer/);

    const login = await fetch(`${cli.server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "seer@refbot.test", password: "a long enough password" }) });
    const viewerToken = ((await login.json()) as { token: string }).token;
    const write = await asCron(["broadcast", "flush"], viewerToken);
    expect(write.code).toBe(1);
    expect(write.stderr).toBe("error: Your role is viewer; broadcast:flush needs admin (403 FORBIDDEN_ROLE)\n");
    expect((await asCron(["withdrawals", "list"], viewerToken)).code).toBe(0);

    const promoted = await cli.run(["admins", "role", "seer@refbot.test", "admin"]);
    expect(promoted).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Admin #\d+ seer@refbot\.test is now admin\.\n$/) });
    expect((await asCron(["broadcast", "flush"], viewerToken)).code).toBe(0);
    expect((await cli.run(["admins", "role", "seer@refbot.test", "emperor"])).code).toBe(2);
  });

  test("the last owner is refused demotion, exit 1 in the server's words", async () => {
    const r = await cli.run(["admins", "role", cli.server.adminEmail, "viewer"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: ${cli.server.adminEmail} is the last owner: make another admin an owner first (409 LAST_OWNER)\n`);
    expect((await cli.run(["admins", "list", "--json"])).json()[0]).toMatchObject({ email: cli.server.adminEmail, role: "owner" });
  });
});
