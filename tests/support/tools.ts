// The deployment kit's real peers (systemd-analyze, caddy, promtool, prometheus) as the system
// installs them. A test that needs one skips where it is missing, except under CI=true: .ci/run
// installs them there, so a missing one fails the run instead of passing it unseen.
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
