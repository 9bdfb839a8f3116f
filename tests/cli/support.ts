// Runs the real `refbot` process against a real server, each file with its own server and its
// own empty HOME, so the saved token and the data belong to that file alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FakeTelegram } from "@/tests/support/fake-telegram.ts";
import { startTestServer, type TestServer } from "@/tests/support/server.ts";
import { until } from "@/tests/support/until.ts";

export const root = join(import.meta.dir, "..", "..");

export type Run = { code: number; stdout: string; stderr: string; json: <T = any>() => T };

export type CliHarness = {
  server: TestServer;
  home: string;
  /** `refbot ...args` with REFBOT_API_URL pointing at the server, stdin not a terminal. */
  run: (args: string[], options?: { env?: Record<string, string>; stdin?: string; shim?: boolean }) => Promise<Run>;
  login: () => Promise<void>;
  /** The admin API, called directly, to make and inspect data. */
  api: <T = any>(method: string, path: string, body?: unknown) => Promise<T>;
  /** A new user (registered through demo init data) with a wallet and a balance. */
  makeUser: (balance?: string) => Promise<{ id: number; tgId: number; wallet: string }>;
  /** A pending withdrawal of `amount` by a new user. */
  makeWithdrawal: (amount?: string) => Promise<{ id: number; userId: number; wallet: string }>;
  stop: () => Promise<void>;
};

/**
 * `refbot ...args` as a process of its own, stdin not a terminal, with only PATH and `env` in its
 * environment: built from nothing, so a REFBOT_TOKEN, FORCE_COLOR or DATABASE_URL in the
 * developer's shell cannot leak in. For the server commands, which need no server.
 */
export async function runRefbot(args: string[], options: { env?: Record<string, string>; stdin?: string; shim?: boolean } = {}): Promise<Run> {
  const command = options.shim ? ["node", join(root, "cli/bin.mjs"), ...args] : [process.execPath, join(root, "cli/index.ts"), ...args];
  const proc = Bun.spawn(command, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdin: options.stdin === undefined ? "ignore" : new TextEncoder().encode(options.stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr, json: () => JSON.parse(stdout) };
}

let nextTgId = 5_000_000 + Math.floor(Math.random() * 1_000_000);
const hex = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, "0")).join("");

export async function startCli(env: Record<string, string> = {}): Promise<CliHarness> {
  const server = await startTestServer({ SKIP_WEB_BUILD: "true", SEED_DEMO: "false", ...env });
  const home = mkdtempSync(join(tmpdir(), "refbot-cli-home-"));
  let adminToken: string | undefined;

  const run: CliHarness["run"] = (args, options = {}) =>
    runRefbot(args, { ...options, env: { HOME: home, XDG_CONFIG_HOME: join(home, ".config"), REFBOT_API_URL: server.url, ...options.env } });

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    adminToken ??= (
      (await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }) }).then((r) => r.json())) as { token: string }
    ).token;
    const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as T;
  };

  const makeUser: CliHarness["makeUser"] = async (balance = "50") => {
    const tgId = nextTgId++;
    const { initData } = (await fetch(`${server.url}/api/demo/init-data?tgId=${tgId}`).then((r) => r.json())) as { initData: string };
    const headers = { "x-telegram-init-data": initData, "content-type": "application/json" };
    const me = (await fetch(`${server.url}/api/me`, { headers }).then((r) => r.json())) as { id: number };
    // The server keeps the address in its EIP-55 checksummed form.
    const { walletBep20: wallet } = (await fetch(`${server.url}/api/me/wallet`, { method: "POST", headers, body: JSON.stringify({ address: `0x${hex(20)}` }) }).then((r) => r.json())) as { walletBep20: string };
    if (balance !== "0") await api("POST", `/api/admin/users/${me.id}/adjust`, { amount: balance, reason: "test funds" });
    return { id: me.id, tgId, wallet };
  };

  const makeWithdrawal: CliHarness["makeWithdrawal"] = async (amount = "12.50") => {
    const user = await makeUser("50");
    const headers = { "x-telegram-id": String(user.tgId), "content-type": "application/json" };
    const w = (await fetch(`${server.url}/api/me/withdraw`, { method: "POST", headers, body: JSON.stringify({ amount }) }).then((r) => r.json())) as { id: number };
    return { id: w.id, userId: user.id, wallet: user.wallet };
  };

  return {
    server,
    home,
    run,
    api,
    makeUser,
    makeWithdrawal,
    login: async () => {
      const r = await run(["login", "--email", server.adminEmail, "--password-stdin"], { stdin: `${server.adminPassword}\n` });
      if (r.code !== 0) throw new Error(`login failed: ${r.stderr}`);
    },
    stop: async () => {
      await server.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * A signed-in CLI against a server whose bot talks to the fake Telegram `tg`, with the scheduler
 * off (BROADCAST_INTERVAL=0) so only the CLI's flush sends, as under cron; each of `users` has
 * started the bot, so a broadcast reaches them.
 */
export async function startBotCli(tg: FakeTelegram, users: number[], env: Record<string, string> = {}): Promise<CliHarness> {
  const cli = await startCli({ BOT_TOKEN: "123456:TEST-token", TELEGRAM_API_ROOT: tg.apiRoot, BROADCAST_INTERVAL: "0", BROADCAST_GAP_MS: "0", ...env });
  for (const id of users) tg.message(id, "/start");
  await until("welcomes", () => users.every((id) => tg.sent(id).length > 0));
  await cli.login();
  return cli;
}

/** Colour codes must never reach a pipe. */
export const hasAnsi = (text: string) => text.includes("\u001b[");
