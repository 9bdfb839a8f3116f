// The real server process, the way `npm start` runs it: what it prints, the database it leaves
// (WAL, seeded once), a clean stop on SIGTERM and SIGINT, a restart on the same data, the demo
// admin password, and a refusal to start on a bad configuration value.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dbCheck } from "./support/db-check.ts";
import { startTestServer, type TestServer } from "./support/server.ts";
import { until } from "./support/until.ts";

const root = join(import.meta.dir, "..");
const quick = { SKIP_WEB_BUILD: "1", LOG_LEVEL: "info" };

/**
 * Waits for the log's "refbot started", the start's last line. The log writes its lines at the end
 * of a turn of the event loop (observe/lines-per-turn.ts), so the seeding's line may leave after the
 * banner, and reach this process after the server has answered its first request.
 */
const startedLine = (server: TestServer) => until("the log's start line", () => server.output().includes('"msg":"refbot started"'));

function inspect(path: string) {
  const db = new Database(path, { readonly: true });
  try {
    const one = <T>(query: string) => db.query(query).get() as T;
    const column = (query: string) => (db.query(query).all() as Record<string, unknown>[]).map((r) => Object.values(r)[0]);
    return {
      journalMode: one<{ journal_mode: string }>("pragma journal_mode").journal_mode,
      users: one<{ n: number }>("select count(*) as n from users").n,
      admins: one<{ n: number }>("select count(*) as n from admins").n,
      withdrawalStatuses: column("select distinct status from withdrawals order by status"),
      taskKinds: column("select distinct kind from tasks order by kind"),
      ledgerDays: one<{ n: number }>("select count(distinct date(created_at / 1000, 'unixepoch')) as n from ledger").n,
      ledgerRows: one<{ n: number }>("select count(*) as n from ledger").n,
      notices: one<{ n: number }>("select count(*) as n from notices").n,
    };
  } finally {
    db.close();
  }
}

describe("npm start on a fresh database, stopped, and started again", () => {
  let first: TestServer;
  let firstOutput = "";
  let firstExit: number;

  beforeAll(async () => {
    first = await startTestServer(quick, { keep: true });
    await startedLine(first);
  }, 60_000);

  afterAll(() => first?.removeDir());

  test("prints the admin e-mail, how to call the API as a demo user, and DEMO MODE", async () => {
    const out = first.output();
    expect(out).toContain(`refbot is running at ${first.url}`);
    expect(out).toContain(`e-mail ${first.adminEmail}`);
    expect(out).toContain("DEMO MODE");
    expect(out).toContain("bot:       off (no BOT_TOKEN)");
    expect(out).toMatch(/curl -H 'X-Telegram-Id: (\d+)' http:\/\/127\.0\.0\.1:\d+\/api\/me/);
    expect(out).toContain("Seeded demo data");
    // The printed call works as printed.
    const tgId = /X-Telegram-Id: (\d+)/.exec(out)![1]!;
    const me = await fetch(`${first.url}/api/me`, { headers: { "X-Telegram-Id": tgId } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { tgId: number }).tgId).toBe(Number(tgId));
    const health = (await fetch(`${first.url}/api/health`).then((r) => r.json())) as { demoMode: boolean };
    expect(health.demoMode).toBe(true);
  });

  test("the database is in WAL mode and holds the demo data", async () => {
    const db = inspect(first.databasePath);
    expect(db.journalMode).toBe("wal");
    expect(db.users).toBe(50);
    expect(db.withdrawalStatuses).toEqual(["approved", "paid", "pending", "rejected"]);
    expect(db.taskKinds).toEqual(["custom", "daily_activity", "follow_channel", "link"]);
    expect(db.ledgerDays).toBeGreaterThanOrEqual(7);
    // Its approvals, payouts and referrals are made-up history: nobody is told of them.
    expect(db.notices).toBe(0);
    const check = await dbCheck(first.databasePath);
    expect(check.output).toContain("ok: 50 users");
    expect(check.code).toBe(0);
  });

  test("SIGTERM stops it with exit code 0", async () => {
    firstExit = await first.stop();
    firstOutput = first.output();
    expect(firstExit).toBe(0);
    expect(first.logLines().slice(-2)).toEqual([
      expect.objectContaining({ level: "info", msg: "stopping: finishing requests in flight, then closing the database", signal: "SIGTERM" }),
      expect.objectContaining({ level: "info", msg: "stopped" }),
    ]);
    expect(existsSync(first.databasePath)).toBe(true);
  });

  test("a second start on the same DATABASE_PATH reuses the data and does not seed again", async () => {
    const before = inspect(first.databasePath);
    const second = await startTestServer({ ...quick, DATABASE_PATH: first.databasePath });
    try {
      await startedLine(second);
      expect(second.output()).not.toContain("Seeded demo data");
      const res = await fetch(`${second.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: second.adminEmail, password: second.adminPassword }) });
      expect(res.status).toBe(200);
      const token = ((await res.json()) as { token: string }).token;
      const stats = (await fetch(`${second.url}/api/admin/stats`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as { totalUsers: number };
      expect(stats.totalUsers).toBe(50);
    } finally {
      expect(await second.stop()).toBe(0);
    }
    const after = inspect(first.databasePath);
    expect({ users: after.users, admins: after.admins, ledgerRows: after.ledgerRows }).toEqual({ users: before.users, admins: before.admins, ledgerRows: before.ledgerRows });
  }, 60_000);
});

describe("demo admin", () => {
  test("without ADMIN_EMAIL, the printed demo password logs in", async () => {
    const server = await startTestServer({ ...quick, ADMIN_EMAIL: "", ADMIN_PASSWORD: "", SEED_DEMO: "false" });
    try {
      const match = /e-mail (\S+), password (\S+)/.exec(server.output());
      expect(match).not.toBeNull();
      const [, email, password] = match!;
      expect(email).toBe("admin@refbot.local");
      const login = (pw: string) =>
        fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: pw }) });
      expect((await login(`${password}x`)).status).toBe(401);
      const res = await login(password!);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { token: string; admin: { email: string } };
      expect(body.admin.email).toBe("admin@refbot.local");
      const me = await fetch(`${server.url}/api/admin/me`, { headers: { authorization: `Bearer ${body.token}` } });
      expect(me.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);
});

describe("a bad configuration value stops the start", () => {
  async function start(env: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), "refbot-badcfg-"));
    const databasePath = join(dir, "db", "refbot.sqlite");
    // A clean environment, so nothing from the developer's shell (a BOT_TOKEN, say) interferes.
    const proc = Bun.spawn([process.execPath, "run", join(root, "server/main.ts")], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, DATABASE_PATH: databasePath, PORT: "0", SKIP_WEB_BUILD: "1", SEED_DEMO: "false", ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    clearTimeout(timer);
    const created = existsSync(databasePath);
    rmSync(dir, { recursive: true, force: true });
    return { code, output: out + err, created };
  }

  test.each([
    ["PORT", "abc", {}],
    ["PORT", "70000", {}],
    ["ADMIN_EMAIL", "not-an-email", { ADMIN_PASSWORD: "long enough password" }],
    ["ADMIN_PASSWORD", "short", { ADMIN_EMAIL: "ops@example.com" }],
    ["BOT_TOKEN", "bad", {}],
    ["SQLITE_SYNCHRONOUS", "OFF", {}],
    ["JWT_SECRET", "too-short", {}],
  ] as const)("%s=%s: exits non-zero naming the variable, before touching the database", async (name, value, rest) => {
    const env = { ...rest, [name]: value };
    const { code, output, created } = await start(env);
    expect(code).not.toBe(0);
    expect(output).toContain("Invalid configuration");
    expect(output).toContain(`${name}:`);
    expect(output).not.toContain("refbot is running");
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(created).toBe(false);
  }, 20_000);
});

describe("SIGINT while requests are running", () => {
  test("the process exits 0 and db:check finds every balance matching its ledger", async () => {
    const server = await startTestServer(quick, { keep: true });
    try {
      const json = { "content-type": "application/json" };
      const login = (await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }) }).then((r) => r.json())) as { token: string };
      const admin = { ...json, authorization: `Bearer ${login.token}` };
      const users = (await fetch(`${server.url}/api/admin/users?limit=50`, { headers: admin }).then((r) => r.json())) as { id: number; tgId: number }[];
      const tasks = (await fetch(`${server.url}/api/admin/tasks`, { headers: admin }).then((r) => r.json())) as { id: number }[];
      expect(users.length).toBe(50);

      // Money-moving traffic from several loops at once, until the server goes away.
      let answered = 0;
      let stopped = false;
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
      const oneRequest = () => {
        const user = pick(users);
        const asUser = { ...json, "X-Telegram-Id": String(user.tgId) };
        switch (Math.floor(Math.random() * 4)) {
          case 0:
            return fetch(`${server.url}/api/tasks/${pick(tasks).id}/complete`, { method: "POST", headers: asUser });
          case 1:
            return fetch(`${server.url}/api/admin/users/${user.id}/adjust`, { method: "POST", headers: admin, body: JSON.stringify({ amount: pick(["12", "0.5", "-0.3", "-2"]), reason: "load" }) });
          case 2:
            return fetch(`${server.url}/api/me/wallet`, { method: "POST", headers: asUser, body: JSON.stringify({ address: `0x${user.tgId.toString(16).padStart(40, "0")}` }) }).then(() =>
              fetch(`${server.url}/api/me/withdraw`, { method: "POST", headers: asUser, body: JSON.stringify({ amount: "10" }) }),
            );
          default:
            return fetch(`${server.url}/api/admin/withdrawals?status=pending&limit=5`, { headers: admin })
              .then((r) => r.json() as Promise<{ id: number }[]>)
              .then((list) =>
                list.length === 0
                  ? new Response()
                  : Math.random() < 0.5
                    ? fetch(`${server.url}/api/admin/withdrawals/${pick(list).id}/approve`, { method: "PATCH", headers: admin, body: "{}" })
                    : fetch(`${server.url}/api/admin/withdrawals/${pick(list).id}/reject`, { method: "PATCH", headers: admin, body: JSON.stringify({ reason: "load" }) }),
              );
        }
      };
      const loop = async () => {
        while (!stopped) {
          try {
            const res = await oneRequest();
            if (res.status < 500) answered++;
          } catch {
            return; // the server is gone
          }
        }
      };
      const loops = Array.from({ length: 12 }, loop);
      await Bun.sleep(600);
      expect(answered).toBeGreaterThan(20);
      server.signal("SIGINT");
      const code = await server.exited;
      stopped = true;
      await Promise.all(loops);
      expect(code).toBe(0);
      // The requests in flight are answered (and logged) between the two.
      expect(server.logLines()).toContainEqual(expect.objectContaining({ level: "info", msg: "stopping: finishing requests in flight, then closing the database", signal: "SIGINT" }));
      expect(server.logLines().at(-1)).toMatchObject({ level: "info", msg: "stopped" });

      const check = await dbCheck(server.databasePath);
      expect(check.output).toContain("every balance matches its ledger");
      expect(check.code).toBe(0);
    } finally {
      server.signal("SIGKILL");
      await server.exited;
      server.removeDir();
    }
  }, 60_000);
});
