// refbot's errors that say what to do next (a bad --api-url, a Telegram id given as a user id,
// an invalid or expired token), the referrer in `users show`, and the second look large
// rewards and adjustments get, at a terminal and without one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { root, startCli, type CliHarness } from "./support.ts";

const jwtSecret = "cli-hints-test-secret-".padEnd(40, "x");

let cli: CliHarness;
beforeAll(async () => {
  cli = await startCli({ JWT_SECRET: jwtSecret });
  await cli.login();
});
afterAll(() => cli.stop());

const outcome = (r: { code: number; stdout: string; stderr: string }) => ({ code: r.code, stdout: r.stdout, stderr: r.stderr });

describe("--api-url that is not an http(s) address", () => {
  test("is bad usage naming the flag or variable, with the http:// it probably lacks", async () => {
    expect(outcome(await cli.run(["stats", "--api-url", "localhost:3000"]))).toEqual({
      code: 2,
      stdout: "",
      stderr: 'error: --api-url "localhost:3000" is not an http:// or https:// address; did you mean http://localhost:3000?\n',
    });
    expect(outcome(await cli.run(["--api-url", "ftp://x", "whoami"]))).toEqual({ code: 2, stdout: "", stderr: 'error: --api-url "ftp://x" is not an http:// or https:// address\n' });
    const fromEnv = await cli.run(["withdrawals", "list"], { env: { REFBOT_API_URL: "127.0.0.1:3000" } });
    expect(outcome(fromEnv)).toEqual({ code: 2, stdout: "", stderr: 'error: REFBOT_API_URL "127.0.0.1:3000" is not an http:// or https:// address; did you mean http://127.0.0.1:3000?\n' });
    // Login too: nothing is saved for an address that could never work.
    const login = await cli.run(["login", "--api-url", "example.com", "--email", "a@b.c", "--password-stdin"], { stdin: "x\n" });
    expect(login.code).toBe(2);
  });
});

describe("a user id that no user has", () => {
  test("a Telegram id points at its user, with the same command for that user's id", async () => {
    const user = await cli.makeUser("0");
    const r = await cli.run(["users", "show", String(user.tgId)]);
    expect(outcome(r)).toEqual({ code: 1, stdout: "", stderr: `error: No user has id ${user.tgId}, but Telegram id ${user.tgId} is user #${user.id} Demo: refbot users show ${user.id}\n` });
    const ban = await cli.run(["users", "ban", String(user.tgId), "--reason", "two accounts"]);
    expect(ban.stderr).toBe(`error: No user has id ${user.tgId}, but Telegram id ${user.tgId} is user #${user.id} Demo: refbot users ban ${user.id} --reason 'two accounts'\n`);
    expect((await cli.api<{ isBanned: boolean }>("GET", `/api/admin/users/${user.id}`)).isBanned).toBe(false);
  });

  test("any other id says how to find the user", async () => {
    const r = await cli.run(["users", "show", "987654"]);
    expect(outcome(r)).toEqual({
      code: 1,
      stdout: "",
      stderr: "error: User 987654 not found (404 NOT_FOUND). To find a user by Telegram id, username or wallet: refbot users search <text>\n",
    });
  });
});

/** An HS256 token as the server signs them, with the claims given. */
function token(claims: object, secret = jwtSecret): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

describe("a token the server refuses", () => {
  const now = () => Math.floor(Date.now() / 1000);

  test("not a token at all, or signed elsewhere: invalid, not expired, and how to sign in again", async () => {
    for (const bad of ["garbage", "aaa.bbb.ccc", token({ sub: "1", ver: 0, exp: now() + 3600 }, "another-secret-of-at-least-32-characters")]) {
      const r = await cli.run(["whoami"], { env: { REFBOT_TOKEN: bad } });
      expect(outcome(r)).toEqual({
        code: 3,
        stdout: "",
        stderr: `error: Not logged in to ${cli.server.url}: This admin token is not valid (not a token this server signed). To sign in, set a fresh REFBOT_TOKEN, or unset it and run \`refbot login\`.\n`,
      });
    }
  });

  test("signed here but past its expiry: expired", async () => {
    const r = await cli.run(["whoami"], { env: { REFBOT_TOKEN: token({ sub: "1", ver: 0, exp: now() - 60 }) } });
    expect(outcome(r)).toEqual({
      code: 3,
      stdout: "",
      stderr: `error: Not logged in to ${cli.server.url}: Your session has expired. To sign in, set a fresh REFBOT_TOKEN, or unset it and run \`refbot login\`.\n`,
    });
  });

  test("the API keeps code UNAUTHORIZED and says which it is", async () => {
    const ask = (t: string) => fetch(`${cli.server.url}/api/admin/me`, { headers: { authorization: `Bearer ${t}` } }).then(async (res) => ({ status: res.status, body: await res.json() }));
    const requestId = expect.any(String);
    expect(await ask("garbage")).toEqual({ status: 401, body: { code: "UNAUTHORIZED", message: "This admin token is not valid (not a token this server signed): sign in again", requestId } });
    expect(await ask(token({ sub: "1", ver: 0, exp: now() - 60 }))).toEqual({ status: 401, body: { code: "UNAUTHORIZED", message: "Your session has expired: sign in again", requestId } });
    expect(await ask(token({ sub: "1", ver: 0 }))).toMatchObject({ status: 401, body: { message: "This admin token is not valid (not a token this server signed): sign in again" } });
  });
});

describe("users show", () => {
  test("says who referred the user (id and name), and nobody when no one did", async () => {
    const referrer = await cli.makeUser("0");
    const { refCode } = await cli.api<{ refCode: string }>("GET", `/api/admin/users/${referrer.id}`);
    const tgId = referrer.tgId + 500_000;
    const { initData } = await fetch(`${cli.server.url}/api/demo/init-data?tgId=${tgId}&startParam=${refCode}`).then((r) => r.json() as Promise<{ initData: string }>);
    const friend = await fetch(`${cli.server.url}/api/me`, { headers: { "x-telegram-init-data": initData } }).then((r) => r.json() as Promise<{ id: number }>);

    const shown = await cli.run(["users", "show", String(friend.id)]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`\nReferred by     #${referrer.id} Demo\n`);
    const json = (await cli.run(["users", "show", String(friend.id), "--json"])).json();
    expect(json.user.referrer).toEqual({ id: referrer.id, tgId: referrer.tgId, username: null, firstName: "Demo", lastName: null });
    expect((await cli.run(["users", "show", String(referrer.id)])).stdout).toContain("\nReferred by     nobody\n");
    expect((await cli.api("GET", `/api/admin/users/${referrer.id}`)).referrer).toBeNull();
  });
});

describe("large rewards and adjustments", () => {
  test("without a terminal, one above the threshold needs --yes: bad usage before any call otherwise", async () => {
    const user = await cli.makeUser("5");
    expect(outcome(await cli.run(["users", "adjust", String(user.id), "--amount", "100.01", "--reason", "prize"]))).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: --amount 100.01 moves more than 100 USDT: add --yes to confirm it (no terminal to ask at)\n",
    });
    expect((await cli.run(["users", "adjust", String(user.id), "--amount=-150", "--reason", "x"])).stderr).toBe("error: --amount -150 moves more than 100 USDT: add --yes to confirm it (no terminal to ask at)\n");
    expect((await cli.api<{ balanceUsdt: string }>("GET", `/api/admin/users/${user.id}`)).balanceUsdt).toBe("5.00");
    // At the threshold itself, and with --yes, it goes through as before.
    expect((await cli.run(["users", "adjust", String(user.id), "--amount", "100", "--reason", "prize"])).code).toBe(0);
    expect((await cli.run(["users", "adjust", String(user.id), "--amount", "+100.01", "--reason", "prize", "--yes", "--json"])).json()).toMatchObject({ user: { balanceUsdt: "205.01" } });

    const before = (await cli.api<unknown[]>("GET", "/api/admin/tasks")).length;
    expect(outcome(await cli.run(["tasks", "create", "--title", "Big", "--reward", "10.01"]))).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: --reward 10.01 pays more than 10 USDT per completion: add --yes to confirm it (no terminal to ask at)\n",
    });
    expect((await cli.api<unknown[]>("GET", "/api/admin/tasks")).length).toBe(before);
    const task = (await cli.run(["tasks", "create", "--title", "Big", "--reward", "10", "--json"])).json<{ id: number }>();
    expect((await cli.run(["tasks", "edit", String(task.id), "--reward", "25"])).stderr).toBe("error: --reward 25 pays more than 10 USDT per completion: add --yes to confirm it (no terminal to ask at)\n");
    expect((await cli.run(["tasks", "edit", String(task.id), "--reward", "25", "--yes", "--json"])).json()).toMatchObject({ rewardUsdt: "25.00" });
  });

  test("a reward has at most 2 decimals in create and edit alike", async () => {
    for (const args of [["tasks", "create", "--title", "x"], ["tasks", "edit", "1"]]) {
      const r = await cli.run([...args, "--reward", "0.125"]);
      expect(outcome(r)).toEqual({ code: 2, stdout: "", stderr: "error: --reward: must have at most 2 decimals\n" });
    }
    const help = (await cli.run(["tasks", "create", "--help"])).stdout;
    expect(help).toContain("2 decimals");
    expect(help).toContain("A reward above 10 USDT is confirmed at a terminal, and needs --yes");
  });

  const hasScript = Bun.which("script") !== null;

  /** `refbot ...args` on a pseudo-terminal (util-linux script), answering the question with `answer`. */
  async function atTerminal(args: string[], answer: string) {
    const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
    const line = [process.execPath, `${root}/cli/index.ts`, ...args].map(quote).join(" ");
    const env = { PATH: process.env.PATH ?? "", HOME: cli.home, XDG_CONFIG_HOME: `${cli.home}/.config`, REFBOT_API_URL: cli.server.url, NO_COLOR: "1", TERM: "dumb" };
    const proc = Bun.spawn(["script", "-qec", line, "/dev/null"], { cwd: root, env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    let seen = "";
    const decoder = new TextDecoder();
    const reader = proc.stdout.getReader();
    // Answer only once the question is on screen, as a person would.
    while (!seen.includes("(y/N)")) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value);
    }
    proc.stdin.write(`${answer}\r`);
    await proc.stdin.flush();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value);
    }
    proc.stdin.end();
    return { code: await proc.exited, screen: seen };
  }

  test.skipIf(!hasScript)("at a terminal the question names the size, and no leaves everything as it was", async () => {
    const user = await cli.makeUser("5");
    const no = await atTerminal(["users", "adjust", String(user.id), "--amount", "150", "--reason", "prize"], "n");
    expect(no.screen).toContain(`150 USDT is more than 100 USDT. Credit 150 USDT to user #${user.id} (prize)?`);
    expect(no.screen).toContain("error: Cancelled; nothing was changed.");
    expect(no.code).toBe(1);
    expect((await cli.api<{ balanceUsdt: string }>("GET", `/api/admin/users/${user.id}`)).balanceUsdt).toBe("5.00");

    const task = (await cli.run(["tasks", "create", "--title", "Check-in", "--json"])).json<{ id: number }>();
    const yes = await atTerminal(["tasks", "edit", String(task.id), "--reward", "12"], "y");
    expect(yes.screen).toContain("A reward of 12 USDT pays more than 10 USDT per completion. Save it?");
    expect(yes.screen).toContain(`Updated #${task.id} Check-in (daily_activity, 12.00 USDT, active).`);
    expect(yes.code).toBe(0);
  });
});
