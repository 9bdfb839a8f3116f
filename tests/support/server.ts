// Starts the real server (`bun run server/main.ts`) as a child process on a free loopback port with
// its own fresh SQLite file, the way `npm start` runs it, and stops it afterwards.
// `{ keep: true }` leaves the temp directory (and its database) in place after stop, so a second
// start can reuse it through DATABASE_PATH; `removeDir()` deletes it when done.
// It logs at warn unless the test gives LOG_LEVEL: a line per request would bury what a test looks for.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LogLine } from "./logs.ts";

export type TestServer = {
  url: string;
  port: number;
  databasePath: string;
  adminEmail: string;
  adminPassword: string;
  /** The temp directory this start created (the database lives there unless DATABASE_PATH was given). */
  dir: string;
  output: () => string;
  /** The log's lines so far (the output's JSON lines), parsed. */
  logLines: () => LogLine[];
  /** Sends a signal without waiting; `exited` answers the exit code. */
  signal: (signal: "SIGTERM" | "SIGINT" | "SIGKILL") => void;
  exited: Promise<number>;
  /** SIGTERM, wait for the exit, remove the temp directory unless kept; answers the exit code. */
  stop: () => Promise<number>;
  removeDir: () => void;
};

export type TestServerOptions = { keep?: boolean };

const root = join(import.meta.dir, "..", "..");

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "refbot-test-"));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const adminEmail = "admin@refbot.test";
  const adminPassword = "correct horse battery staple";
  const databasePath = join(dir, "refbot.sqlite");
  let log = "";
  const proc = Bun.spawn([process.execPath, "run", join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: databasePath,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      SEED_DEMO: "true",
      BOT_TOKEN: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) log += new TextDecoder().decode(chunk);
  };

  const collecting = Promise.all([collect(proc.stdout), collect(proc.stderr)]);
  const exited = proc.exited.then(async (code) => {
    await collecting; // the last lines of output too
    return code;
  });
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${await exited}):\n${log}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not answer in 60 s:\n${log}`);
    await Bun.sleep(100);
  }

  return {
    url,
    port,
    databasePath: env.DATABASE_PATH ?? databasePath,
    adminEmail: env.ADMIN_EMAIL ?? adminEmail,
    adminPassword: env.ADMIN_PASSWORD ?? adminPassword,
    dir,
    output: () => log,
    logLines: () =>
      log
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogLine),
    signal: (signal) => void proc.kill(signal),
    exited,
    stop: async () => {
      proc.kill("SIGTERM");
      const code = await exited;
      if (!options.keep) removeDir();
      return code;
    },
    removeDir,
  };
}
