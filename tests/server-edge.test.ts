// The real server process at its edges: a second server on a busy port refuses to start (before it
// opens a database or calls Telegram), `npm start` stops its server when npm is stopped, bodies
// too large or too deep over a real socket, and files only their owner can read.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { maxServerBodyBytes } from "@/api/plugins/body-limits.ts";
import { freePort, startTestServer, type TestServer } from "./support/server.ts";
import { until } from "./support/until.ts";

const root = join(import.meta.dir, "..");
const quick = { SKIP_WEB_BUILD: "true" };
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

const waitForHealth = (url: string, ms = 30_000) => until(`an answer from ${url}`, () => fetch(`${url}/api/health`).then((r) => r.ok, () => false), ms);

/** Pids of server processes (`server/main.ts`) whose environment names this database file. */
function serversOn(databasePath: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        return cmdline.includes("server/main.ts") && readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`DATABASE_PATH=${databasePath}`);
      } catch {
        return false; // The process ended while we looked, or is not ours to read.
      }
    })
    .map(Number);
}

describe("a server on a fresh folder", () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "refbot-edge-"));
    dataDir = join(dir, "new", "data");
    server = await startTestServer({ ...quick, DATABASE_PATH: join(dataDir, "refbot.sqlite"), ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(join(dataDir, "..", ".."), { recursive: true, force: true });
  });

  test("creates its folder 0700 and the database, its WAL, shared memory and secrets 0600", () => {
    expect(mode(dataDir)).toBe("700");
    expect(mode(join(dataDir, ".."))).toBe("700");
    const files = readdirSync(dataDir);
    expect(files).toEqual(expect.arrayContaining([".demo-admin-password", ".jwt-secret", "refbot.sqlite", "refbot.sqlite-shm", "refbot.sqlite-wal"]));
    for (const file of files) expect({ file, mode: mode(join(dataDir, file)) }).toEqual({ file, mode: "600" });
  });

  test("`refbot db backup` writes a copy only its owner can read, in a new folder only its owner can enter", () => {
    const target = join(dataDir, "..", "backups", "nightly.sqlite");
    const run = Bun.spawnSync([process.execPath, "run", join(root, "cli/index.ts"), "db", "backup", target, "--db", server.databasePath], { cwd: root, stdout: "pipe", stderr: "pipe" });
    expect(run.stderr.toString()).toBe("");
    expect(run.exitCode).toBe(0);
    expect(mode(target)).toBe("600");
    expect(mode(join(target, ".."))).toBe("700");
  });

  test("bodies: over 64 KB is a 413 with a message, over 1 MB a bare 413, too deep a 400, and nothing crashes", async () => {
    const post = (body: string) => fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body });
    const large = await post(JSON.stringify({ email: "a@b.c", password: "x".repeat(100_000) }));
    expect(large.status).toBe(413);
    expect(((await large.json()) as { code: string }).code).toBe("PAYLOAD_TOO_LARGE");
    expect(large.headers.get("x-content-type-options")).toBe("nosniff");
    const huge = await post("x".repeat(maxServerBodyBytes + 1));
    expect(huge.status).toBe(413);
    const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
    // The 100 000 levels are 200 KB: refused for their size before anything parses them.
    const deepest = await post(nested(100_000));
    expect(deepest.status).toBe(413);
    // 30 000 levels fit in 64 KB and are refused for their depth.
    const deep = await post(nested(30_000));
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { code: string }).code).toBe("VALIDATION_FAILED");
    expect(server.output()).not.toContain("unhandled");
    expect(server.output()).not.toContain("RangeError");
  });

  test("a second server on the same port refuses to start, before touching its database or Telegram", async () => {
    // A stand-in for the Bot API that counts what reaches it: nothing may.
    let telegramCalls = 0;
    const telegram = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => (telegramCalls++, Response.json({ ok: false, error_code: 500, description: "test" }, { status: 500 })) });
    const otherDir = mkdtempSync(join(tmpdir(), "refbot-second-"));
    try {
      const second = Bun.spawn([process.execPath, "run", join(root, "server/main.ts")], {
        cwd: root,
        env: {
          ...process.env,
          ...quick,
          HOST: "127.0.0.1",
          PORT: String(server.port),
          DATABASE_PATH: join(otherDir, "second.sqlite"),
          BOT_TOKEN: "123456:second-server-token",
          TELEGRAM_API_ROOT: `http://127.0.0.1:${telegram.port}`,
        },
        stdout: "pipe",
        stderr: "pipe",
      });
      const timeout = setTimeout(() => second.kill("SIGKILL"), 20_000);
      const [code, stderr] = await Promise.all([second.exited, new Response(second.stderr).text()]);
      clearTimeout(timeout);
      expect(stderr).toContain(`port ${server.port} on 127.0.0.1 is already in use (another refbot?)`);
      expect(code).toBe(1);
      expect(telegramCalls).toBe(0);
      expect(existsSync(join(otherDir, "second.sqlite"))).toBe(false);
      // The first server goes on serving.
      await waitForHealth(server.url, 2_000);
    } finally {
      telegram.stop(true);
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("`npm start`", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    test(`${signal} to npm stops the server too`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "refbot-npm-start-"));
      const databasePath = join(dir, "refbot.sqlite");
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const npm = Bun.spawn(["npm", "start", "--silent"], {
        cwd: root,
        env: { ...process.env, ...quick, HOST: "127.0.0.1", PORT: String(port), DATABASE_PATH: databasePath, BOT_TOKEN: "", SEED_DEMO: "false" },
        stdout: "pipe",
        stderr: "pipe",
      });
      try {
        await waitForHealth(url);
        expect(serversOn(databasePath)).not.toEqual([]);
        npm.kill(signal);
        const timeout = setTimeout(() => npm.kill("SIGKILL"), 20_000);
        await npm.exited;
        clearTimeout(timeout);
        // npm waited for the server: by the time it is gone, so are the port and the process.
        expect(await fetch(`${url}/api/health`).then(() => "answered", () => "closed")).toBe("closed");
        expect(serversOn(databasePath)).toEqual([]);
      } finally {
        for (const pid of serversOn(databasePath)) process.kill(pid, "SIGKILL");
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  }
});
