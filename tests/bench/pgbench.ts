// pgbench on a scratch database of the same server: its simple-update transaction (-N) is the
// ceiling a small write transaction reaches there, measured in the same run as the drivers.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Sample } from "./measure.ts";

export const pgbenchPath = process.env.PGBENCH ?? "/usr/bin/pgbench";

/** Where pgbench connects: the URL's server and user, its database given as an argument. */
function connection(url: string) {
  const u = new URL(url);
  const args = ["-h", u.hostname, "-p", u.port || "5432", "-U", decodeURIComponent(u.username || "postgres")];
  // The same settings the drivers' connections ask for, so each side commits the same way.
  const env: Record<string, string> = { ...(process.env as Record<string, string>), PGOPTIONS: "-c synchronous_commit=on -c default_transaction_isolation=read\\ committed" };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  return { args, env, database: decodeURIComponent(u.pathname.slice(1)) };
}

/** Scale 1: 100 000 accounts, as many rows as the bench's users. */
export function pgbenchInit(url: string): void {
  const { args, env, database } = connection(url);
  const run = Bun.spawnSync([pgbenchPath, "-i", "-q", "-s", "1", ...args, database], { env, stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`pgbench -i failed: ${run.stderr.toString().trim()}`);
}

/**
 * `pgbench -N -c <clients> -j 1 -T <seconds>`, with the latency of every transaction logged
 * (-l) for the percentiles. Its time is the one its tps is taken over, which leaves out opening
 * the connections; its CPU time is pgbench's own, as the drivers' is the bench process's.
 */
export async function pgbenchRun(url: string, clients: number, seconds: number): Promise<Sample> {
  const { args, env, database } = connection(url);
  const dir = mkdtempSync(join(tmpdir(), "refbot-pgbench-"));
  try {
    const proc = Bun.spawn([pgbenchPath, "-N", "-n", "-c", String(clients), "-j", "1", "-T", String(seconds), "-l", "--log-prefix", join(dir, "tx"), ...args, database], {
      env,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    if (code !== 0) throw new Error(`pgbench -N failed: ${err.trim()}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
    if (!tps) throw new Error(`no tps in pgbench's output:\n${out}`);
    // One line per transaction: client, transaction number, latency in µs, script, epoch, µs.
    const times = readdirSync(dir)
      .flatMap((file) => readFileSync(join(dir, file), "utf8").split("\n"))
      .filter(Boolean)
      .map((line) => Number(line.split(" ")[2]) / 1000);
    const cpu = proc.resourceUsage()?.cpuTime;
    return { times, seconds: times.length / tps, cpuUs: cpu ? Number(cpu.user + cpu.system) : NaN };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
