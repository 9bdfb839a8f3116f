// refbot login / whoami / logout, the saved token, and the errors a session can run into.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "@/tests/support/server.ts";
import { root, startCli, type CliHarness } from "./support.ts";

let cli: CliHarness;
beforeAll(async () => {
  cli = await startCli();
});
afterAll(() => cli.stop());

const configFile = () => join(cli.home, ".config", "refbot", "config.json");

describe("before logging in", () => {
  test("an API command says it is not logged in, names the URL and what to run", async () => {
    const r = await cli.run(["stats"]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`error: Not logged in to ${cli.server.url}: run \`refbot login\` (or set REFBOT_TOKEN).\n`);
  });

  test("a server that is down is named, not mistaken for a missing login", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const envs: Record<string, string>[] = [{ REFBOT_API_URL: url }, { REFBOT_API_URL: url, REFBOT_TOKEN: "anything" }];
    for (const env of envs) {
      const r = await cli.run(["withdrawals", "list"], { env });
      expect(r.code).toBe(4);
      expect(r.stderr).toContain(`Cannot reach the refbot API at ${url} (connection refused)`);
    }
  });

  test("login without a terminal needs --email and --password-stdin", async () => {
    const r = await cli.run(["login"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--password-stdin");
  });

  test("a wrong password is refused with the server's message and nothing is saved", async () => {
    const r = await cli.run(["login", "--email", cli.server.adminEmail, "--password-stdin"], { stdin: "wrong password\n" });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("error: Invalid credentials (401 INVALID_CREDENTIALS)\n");
    expect(() => statSync(configFile())).toThrow();
  });

  test("REFBOT_TOKEN=garbage fails and says to log in", async () => {
    const r = await cli.run(["whoami"], { env: { REFBOT_TOKEN: "garbage" } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`Not logged in to ${cli.server.url}`);
    expect(r.stderr).toContain("refbot login");
  });
});

describe("a session", () => {
  test("login keeps the token in a file only its owner can read; whoami uses it", async () => {
    const r = await cli.run(["login", "--email", cli.server.adminEmail, "--password-stdin", "--json"], { stdin: `${cli.server.adminPassword}\n` });
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ apiUrl: cli.server.url, admin: { email: cli.server.adminEmail }, configFile: configFile() });
    expect(r.stdout).not.toContain(JSON.parse(readFileSync(configFile(), "utf8")).token);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(cli.home, ".config", "refbot")).mode & 0o777).toBe(0o700);

    const who = await cli.run(["whoami"]);
    expect(who.code).toBe(0);
    expect(who.stdout).toStartWith(`${cli.server.adminEmail} (admin #`);
    expect((await cli.run(["whoami", "--json"])).json()).toMatchObject({ email: cli.server.adminEmail, apiUrl: cli.server.url });
  });

  test("the token belongs to its server: another --api-url is not logged in", async () => {
    const other = `http://127.0.0.1:${cli.server.port}/`.replace("127.0.0.1", "localhost");
    const r = await cli.run(["stats", "--api-url", other]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("Not logged in to http://localhost:");
  });

  test("the Node.js shim (cli/bin.mjs) runs the same CLI with its exit code", async () => {
    const ok = await cli.run(["whoami"], { shim: true });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(cli.server.adminEmail);
    const bad = await cli.run(["withdrawals", "list", "--limit", "0"], { shim: true });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("error: --limit: must be at least 1\n");
  });

  test("logout revokes the token on the server and forgets it here", async () => {
    const token = JSON.parse(readFileSync(configFile(), "utf8")).token as string;
    const r = await cli.run(["logout"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Logged out of ${cli.server.url}.\n`);
    // The address stays, so the next `refbot login` goes to the same server; the token is gone.
    expect(JSON.parse(readFileSync(configFile(), "utf8"))).toEqual({ apiUrl: cli.server.url, email: cli.server.adminEmail });
    const revoked = await cli.run(["whoami"], { env: { REFBOT_TOKEN: token } });
    expect(revoked.code).toBe(3);
    expect(revoked.stderr).toContain("refbot login");
    expect((await cli.run(["logout"])).stdout).toContain("Not logged in");
  });
});

describe("help", () => {
  test("every command has help with an example; server commands are marked", async () => {
    const top = await cli.run(["--help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain("Server (local database, run on the server):");
    const commands = [["stats"], ["withdrawals", "approve"], ["tasks", "create"], ["users", "adjust"], ["leaderboard"], ["broadcast", "flush"], ["audit"], ["db", "backup"], ["admin", "add"]];
    for (const args of commands) {
      const r = await cli.run([...args, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("$ refbot ");
      for (const line of r.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    }
    expect((await cli.run(["db", "check", "--help"])).stdout).toContain("(server: local database)");
  });

  test("output piped into a reader that stops early (`| head`) ends quietly", async () => {
    // `true` exits at once, so every write the CLI makes meets a closed pipe.
    const proc = Bun.spawn(["bash", "-o", "pipefail", "-c", `"$0" cli/index.ts --help | true`, process.execPath], { cwd: root, stdout: "pipe", stderr: "pipe" });
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  test("a group without its subcommand shows help and fails as bad usage", async () => {
    const r = await cli.run(["withdrawals"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Usage: refbot withdrawals");
  });
});
