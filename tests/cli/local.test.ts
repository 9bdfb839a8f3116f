// The server commands: admin add, db migrate, db check, db backup, on the local SQLite file
// (here the live file of a running server, which they must be safe to use beside).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, startCli, type CliHarness } from "./support.ts";

let cli: CliHarness;
let scratch: string;
beforeAll(async () => {
  cli = await startCli();
  scratch = mkdtempSync(join(tmpdir(), "refbot-local-"));
});
afterAll(() => cli.stop());

const local = (args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) =>
  cli.run(args, { ...options, env: { DATABASE_PATH: cli.server.databasePath, ...options.env } });

describe("admin add", () => {
  test("adds an admin to the live database who can then log in through the API", async () => {
    const r = await local(["admin", "add", "--email", "ops@refbot.test", "--password-stdin", "--json"], { stdin: "a long enough password\n" });
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ email: "ops@refbot.test", databasePath: cli.server.databasePath });
    const login = await cli.run(["login", "--email", "ops@refbot.test", "--password-stdin"], { stdin: "a long enough password\n" });
    expect(login.code).toBe(0);
    expect((await cli.run(["whoami"])).stdout).toStartWith("ops@refbot.test");
    const again = await local(["admin", "add", "--email", "ops@refbot.test", "--password-stdin"], { stdin: "a long enough password\n" });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
  });

  test("refuses a database file that does not exist, before asking anything, and creates none", async () => {
    const missing = join(scratch, "no-such-dir", "refbot.sqlite");
    const viaEnv = await local(["admin", "add", "--email", "ops2@refbot.test", "--password-stdin"], { stdin: "a long enough password\n", env: { DATABASE_PATH: missing } });
    const viaFlag = await local(["admin", "add", "--email", "ops2@refbot.test", "--password-stdin", "--db", missing], { stdin: "a long enough password\n" });
    for (const r of [viaEnv, viaFlag]) {
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 1, stdout: "" });
      expect(r.stderr).toBe(`error: No database at ${missing}; give --db or set DATABASE_PATH (only \`refbot db migrate\` creates one)\n`);
    }
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(scratch, "no-such-dir"))).toBe(false);
  });

  test("refuses a short password, a bad e-mail, and missing input without a terminal", async () => {
    expect((await local(["admin", "add", "--email", "x@refbot.test", "--password-stdin"], { stdin: "short\n" })).stderr).toBe("error: --password-stdin: must be at least 10 characters\n");
    expect((await local(["admin", "add", "--email", "nope", "--password-stdin"], { stdin: "long enough pw\n" })).stderr).toContain("--email: must be an e-mail address");
    expect((await local(["admin", "add"])).code).toBe(2);
  });
});

describe("db", () => {
  test("migrate creates and migrates a new file, then finds it up to date; --db beats DATABASE_PATH", async () => {
    const file = join(scratch, "fresh", "new.sqlite");
    const first = await local(["db", "migrate", "--db", file, "--json"]);
    expect(first.code).toBe(0);
    expect(first.json()).toMatchObject({ databasePath: file, applied: expect.any(Number) });
    expect(first.json().applied).toBeGreaterThan(0);
    expect((await local(["db", "migrate", "--db", file])).stdout).toContain("is up to date");
  });

  test("backup copies the live database while the server serves; check passes on it", async () => {
    await cli.makeUser("12.34");
    const target = join(scratch, "backup.sqlite");
    const r = await local(["db", "backup", target]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("integrity ok");
    const copy = new Database(target, { readonly: true });
    expect((copy.query("select count(*) as n from users where balance = 12340000").get() as { n: number }).n).toBe(1);
    copy.close();
    const again = await local(["db", "backup", target]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
    const check = await local(["db", "check", "--db", target]);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^ok: \d+ users, every balance matches its ledger\.\n$/);
    expect((await cli.server.output())).not.toContain("unhandled");
  });

  test("check exits 1 and lists each problem when a balance disagrees with its ledger", async () => {
    const target = join(scratch, "broken.sqlite");
    await local(["db", "backup", target]);
    const db = new Database(target);
    const { id } = db.query("select id from users order by id limit 1").get() as { id: number };
    db.run("update users set balance = balance + 1 where id = ?", [id]);
    db.close();
    const r = await local(["db", "check", "--db", target]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`balance_mismatch\\s+${id}\\s+balance`));
    expect(r.stderr).toMatch(/^error: 1 ledger problem\(s\) in \d+ users of /);
    expect((await local(["db", "check", "--db", target, "--json"])).json()).toMatchObject({ ok: false, problems: [{ kind: "balance_mismatch", id }] });
  });

  test("a missing database is named, not created", async () => {
    const missing = join(scratch, "missing.sqlite");
    const r = await local(["db", "check", "--db", missing]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: No database at ${missing}; give --db or set DATABASE_PATH (only \`refbot db migrate\` creates one)\n`);
    expect(existsSync(missing)).toBe(false);
    const script = Bun.spawnSync([process.execPath, "run", join(root, "scripts/db-check.ts"), missing], { stderr: "pipe" });
    expect({ code: script.exitCode, stderr: script.stderr.toString() }).toEqual({ code: 1, stderr: `No database at ${missing}; give the file or set DATABASE_PATH\n` });
    const backup = await local(["db", "backup", join(scratch, "copy-of-missing.sqlite"), "--db", missing]);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain(`No database at ${missing}`);
    expect(existsSync(missing)).toBe(false);
  });
});
