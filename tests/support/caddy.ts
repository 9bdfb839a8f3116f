// Caddy running the deployment kit's own Caddyfile on loopback: the site as a plain-http address
// (no certificate to obtain offline) and the instances given, through the file's own environment
// placeholders. The one addition is a global block moving Caddy's admin endpoint to a free port,
// so a Caddy already running on this machine (on 2019) is left alone.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./server.ts";
import { startDaemon, type Daemon } from "./tools.ts";

export const caddyfile = join(import.meta.dir, "..", "..", "deploy", "caddy", "Caddyfile");

export type TestCaddy = Daemon & { url: string };

/** Caddy's storage and autosaved config go to `dir` instead of the user's home. */
export const caddyEnv = (dir: string) => ({ XDG_DATA_HOME: join(dir, "data"), XDG_CONFIG_HOME: join(dir, "config"), HOME: dir });

export async function startCaddy(caddy: string, upstreams: string[]): Promise<TestCaddy> {
  const dir = mkdtempSync(join(tmpdir(), "refbot-caddy-"));
  const port = await freePort();
  const config = join(dir, "Caddyfile");
  writeFileSync(config, `{\n\tadmin 127.0.0.1:${await freePort()}\n}\n\n${readFileSync(caddyfile, "utf8")}`);
  const url = `http://127.0.0.1:${port}`;
  const daemon = await startDaemon([caddy, "run", "--config", config, "--adapter", "caddyfile"], {
    dir,
    env: { ...caddyEnv(dir), REFBOT_SITE: url, REFBOT_UPSTREAMS: upstreams.join(" ") },
    ready: () => fetch(`${url}/api/health`).then(() => true, () => false),
    readyMs: 15_000,
  });
  return { url, ...daemon };
}
