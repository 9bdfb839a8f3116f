// The deployment kit's real peers (systemd-analyze, caddy, promtool, prometheus) as the system
// installs them. A test that needs one skips where it is missing, except under CI=true: .ci/run
// installs them there, so a missing one fails the run instead of passing it unseen.
import { rmSync } from "node:fs";
import { until } from "./until.ts";

export function systemTool(name: string): string | undefined {
  const path = Bun.which(name);
  if (path) return path;
  if (process.env.CI === "true") throw new Error(`${name} is not installed; CI needs it (.ci/run installs it)`);
  return undefined;
}

export type Run = { code: number; output: string };

/** Runs a command to its end; its stdout and stderr together, as a person at a terminal reads them. */
export function run(command: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Run {
  const result = Bun.spawnSync(command, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdout: "pipe", stderr: "pipe" });
  return { code: result.exitCode, output: `${result.stdout.toString()}${result.stderr.toString()}` };
}

export type Daemon = { output: () => string; stop: () => Promise<void> };

/**
 * Starts a long-running program that keeps its files in `dir`, and waits until `ready` says it
 * serves (failing with its output should it exit first, or not be ready within `readyMs`).
 * stop() ends it with SIGTERM and removes `dir`.
 */
export async function startDaemon(
  command: string[],
  options: { dir: string; env?: Record<string, string>; ready: () => Promise<boolean>; readyMs: number },
): Promise<Daemon> {
  const proc = Bun.spawn(command, { env: { ...process.env, ...options.env }, stdout: "pipe", stderr: "pipe" });
  let log = "";
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) log += new TextDecoder().decode(chunk);
  };
  const collecting = Promise.all([collect(proc.stdout), collect(proc.stderr)]);
  const stop = async () => {
    proc.kill("SIGTERM");
    await proc.exited;
    await collecting;
    rmSync(options.dir, { recursive: true, force: true });
  };
  try {
    await until(`${command[0]} to be ready`, async () => {
      if (proc.exitCode !== null) throw new Error(`${command[0]} exited (${proc.exitCode}):\n${log}`);
      return options.ready();
    }, options.readyMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { output: () => log, stop };
}
