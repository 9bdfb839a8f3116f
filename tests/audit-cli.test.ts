// `refbot audit --admin --action`: the filters of the admin panel's Audit page from a terminal, with
// the real server and CLI. An admin is named by id or e-mail, the next page keeps the filters, and
// a filter that names nothing is refused before any call.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startCli, type CliHarness } from "./cli/support.ts";

type Entry = { id: number; adminId: number | null; adminEmail: string | null; action: string; targetId: number | null };

let cli: CliHarness;
let secondToken: string;
let userId: number;
beforeAll(async () => {
  cli = await startCli();
  await cli.login();
  const added = await cli.run(["admin", "add", "--email", "second@refbot.test", "--password-stdin"], {
    stdin: "another long password\n",
    env: { DATABASE_PATH: cli.server.databasePath },
  });
  expect(added.code).toBe(0);
  const login = await fetch(`${cli.server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "second@refbot.test", password: "another long password" }),
  });
  secondToken = ((await login.json()) as { token: string }).token;
  userId = (await cli.makeUser("10")).id;
  const asSecond = { env: { REFBOT_TOKEN: secondToken } };
  for (const [args, options] of [
    [["users", "ban", String(userId)], {}],
    [["users", "unban", String(userId)], asSecond],
    [["users", "adjust", String(userId), "--amount", "+1", "--reason", "first"], asSecond],
    [["users", "ban", String(userId)], asSecond],
    [["users", "adjust", String(userId), "--amount", "+2", "--reason", "second"], {}],
  ] as const) {
    const r = await cli.run([...args], options);
    expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: "" });
  }
}, 90_000);
afterAll(() => cli.stop());

const audit = async (args: string[]) => {
  const r = await cli.run(["audit", ...args]);
  return { ...r, entries: r.code === 0 && args.includes("--json") ? r.json<Entry[]>() : [] };
};

test("--admin by e-mail or by id: only that admin's entries, as the API's filter answers them", async () => {
  const byEmail = await audit(["--admin", "Second@refbot.test", "--json"]);
  expect(byEmail.code).toBe(0);
  expect(byEmail.entries.map((e) => [e.adminEmail, e.action])).toEqual([
    ["second@refbot.test", "user.ban"],
    ["second@refbot.test", "user.adjust"],
    ["second@refbot.test", "user.unban"],
  ]);
  const secondId = byEmail.entries[0]!.adminId!;
  expect((await audit(["--admin", String(secondId), "--json"])).entries).toEqual(byEmail.entries);
  expect(byEmail.entries).toEqual(await cli.api<Entry[]>("GET", `/api/admin/audit?adminId=${secondId}`));
}, 30_000);

test("--action, alone or with --admin, as a table, CSV or JSON", async () => {
  const bans = await audit(["--action", "user.ban", "--json"]);
  expect(bans.entries.map((e) => [e.adminEmail, e.targetId])).toEqual([
    ["second@refbot.test", userId],
    [cli.server.adminEmail, userId],
  ]);
  const csv = await audit(["--admin", cli.server.adminEmail, "--action", "user.adjust", "--csv"]);
  expect(csv.code).toBe(0);
  const lines = csv.stdout.trimEnd().split("\r\n");
  expect(lines[0]).toBe("id,when_utc,admin,action,target,detail");
  // The user's funds (cli.makeUser) and the +2.
  expect(lines.slice(1).map((line) => line.split(",").slice(2, 5))).toEqual(Array(2).fill([cli.server.adminEmail, "user.adjust", `user #${userId}`]));
  expect(lines[1]).toContain('""reason"":""second""');
  const table = await audit(["--admin", "second@refbot.test", "--action", "user.unban"]);
  expect(table.stdout.split("\n").filter(Boolean)).toHaveLength(2);
  expect(table.stdout).toContain("user.unban");
  const none = await audit(["--admin", "second@refbot.test", "--action", "withdrawal.paid"]);
  expect({ code: none.code, stdout: none.stdout }).toEqual({ code: 0, stdout: "No audit entries match.\n" });
}, 30_000);

test("the next page's command keeps the filters", async () => {
  const first = await audit(["--admin", "second@refbot.test", "--limit", "2", "--json", "id"]);
  const ids = first.json<{ id: number }[]>().map((e) => e.id);
  expect(ids).toHaveLength(2);
  expect(first.stderr).toStartWith(`More audit entries after #${ids[1]}; next page: refbot audit --admin second@refbot.test --limit 2 --json id --before ${ids[1]}`);
  const next = await audit(["--admin", "second@refbot.test", "--limit", "2", "--json", "--before", String(ids[1])]);
  expect(next.entries.map((e) => e.action)).toEqual(["user.unban"]);
  expect(next.stderr).toBe("");
}, 30_000);

test("an action or an admin that does not exist is refused, saying what there is", async () => {
  const action = await audit(["--action", "user.delete"]);
  expect(action.code).toBe(2);
  expect(action.stderr).toContain("user.delete");
  expect(action.stderr).toContain("withdrawal.approve");
  const zero = await audit(["--admin", "0"]);
  expect({ code: zero.code, stdout: zero.stdout }).toEqual({ code: 2, stdout: "" });
  expect(zero.stderr).toStartWith("error: --admin: ");
  const nobody = await audit(["--admin", "nobody@refbot.test"]);
  expect({ code: nobody.code, stdout: nobody.stdout }).toEqual({ code: 1, stdout: "" });
  expect(nobody.stderr).toBe(`error: No admin has the e-mail nobody@refbot.test; the admins are ${cli.server.adminEmail}, second@refbot.test\n`);
}, 30_000);
