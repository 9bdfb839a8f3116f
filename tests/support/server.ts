// Starts the real server (`bun run api/main.ts`) as a child process on a free loopback port with
// its own fresh SQLite file, the way `npm start` runs it, and stops it afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type TestServer = {
  url: string;
  port: number;
  databasePath: string;
  adminEmail: string;
  adminPassword: string;
  output: () => string;
  stop: () => Promise<void>;
};

const root = join(import.meta.dir, "..", "..");

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "refbot-test-"));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const adminEmail = "admin@refbot.test";
  const adminPassword = "correct horse battery staple";
  const databasePath = join(dir, "refbot.sqlite");
  let log = "";
  const proc = Bun.spawn([process.execPath, "run", join(root, "api/main.ts")], {
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
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) log += new TextDecoder().decode(chunk);
  };
  void collect(proc.stdout);
  void collect(proc.stderr);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not answer in 60 s:\n${log}`);
    await Bun.sleep(100);
  }

  return {
    url,
    port,
    databasePath,
    adminEmail,
    adminPassword,
    output: () => log,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
