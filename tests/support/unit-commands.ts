// Runs a oneshot service unit's commands the way systemd would, for the commands themselves:
// systemd-analyze verify checks that a unit is well formed and its programs exist, not that its
// command lines (quoting, %% and $$, ${VAR} from the environment, stdin from a file) do what
// they mean. The unit's paths are mapped onto this machine's (the checkout for /opt/refbot, temp
// folders for the rest); no sandboxing is applied. Only what the kit's units use is understood.
import { existsSync, openSync, closeSync, readFileSync } from "node:fs";

export type UnitRun = { code: number; output: string };

/** The unit's `Key=value` lines in order (a key may repeat). */
function settings(unit: string): [string, string][] {
  return unit
    .split("\n")
    .filter((line) => /^[A-Z]\w*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
}

/** An environment file: KEY=value lines; # starts a comment. */
function readEnvironmentFile(path: string): Record<string, string> {
  const entries = readFileSync(path, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && line.includes("="));
  return Object.fromEntries(entries.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
}

/** A command line split into words, as systemd splits one: by spaces, except inside quotes. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/**
 * Runs ExecStartPre= then ExecStart= (stopping at the first failure), in WorkingDirectory=, with
 * Environment= and then EnvironmentFile= (whose values win, as in systemd), stdin from
 * StandardInput=file:. `paths` maps each path of the install to this machine's.
 */
export async function runUnit(unit: string, paths: Record<string, string>): Promise<UnitRun> {
  const mapped = Object.entries(paths).reduce((text, [from, to]) => text.replaceAll(from, to), unit);
  const lines = settings(mapped);
  const environment: Record<string, string> = {};
  for (const [key, value] of lines) {
    if (key === "Environment") environment[value.slice(0, value.indexOf("="))] = value.slice(value.indexOf("=") + 1);
  }
  for (const [key, value] of lines) if (key === "EnvironmentFile") Object.assign(environment, readEnvironmentFile(value));
  const setting = (key: string) => lines.find(([k]) => k === key)?.[1];
  const cwd = setting("WorkingDirectory");
  const input = setting("StandardInput")?.replace(/^file:/, "");
  const commands = ["ExecStartPre", "ExecStart"].flatMap((key) => lines.filter(([k]) => k === key).map(([, v]) => v));
  let output = "";
  for (const command of commands) {
    // ${NAME} from the unit's environment; then %% and $$, systemd's escapes for % and $.
    const line = command.replace(/\$\{(\w+)\}/g, (_, name: string) => environment[name] ?? "").replaceAll("%%", "%").replaceAll("$$", "$");
    const argv = words(line);
    if (!existsSync(argv[0]!)) throw new Error(`${argv[0]} does not exist here`);
    const stdin = input ? openSync(input, "r") : "ignore";
    try {
      // Not spawnSync: the test's own servers (a fake Bot API) must go on answering meanwhile.
      const proc = Bun.spawn(argv, { cwd, env: { PATH: process.env.PATH ?? "", ...environment }, stdin, stdout: "pipe", stderr: "pipe" });
      const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      output += `${stdout}${stderr}`;
      if (code !== 0) return { code, output };
    } finally {
      if (typeof stdin === "number") closeSync(stdin);
    }
  }
  return { code: 0, output };
}
