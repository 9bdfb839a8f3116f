// refbot completion bash | zsh: the scripts, run in the shells themselves. No server needed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withdrawalStatuses } from "@/domain/model/index.ts";
import { runRefbot } from "./support.ts";

let dir: string;
let bashScript: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "refbot-completion-"));
  const bash = await runRefbot(["completion", "bash"]);
  expect({ code: bash.code, stderr: bash.stderr }).toEqual({ code: 0, stderr: "" });
  bashScript = join(dir, "refbot.bash");
  writeFileSync(bashScript, bash.stdout);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What bash offers after `words` (the last one is the word being completed). */
async function bashOffers(...words: string[]): Promise<string[]> {
  // compopt only works while bash itself completes; called by hand it is silenced.
  const probe = `source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); _refbot; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const proc = Bun.spawn(["bash", "-c", probe, bashScript, ...words], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  expect({ code, err }).toEqual({ code: 0, err: "" });
  return out.split("\n").filter(Boolean);
}

describe("bash", () => {
  test("completes commands, subcommands, flags and their choices from the program itself", async () => {
    expect(await bashOffers("refbot", "")).toEqual(["login", "logout", "whoami", "stats", "withdrawals", "risk", "tasks", "users", "leaderboard", "broadcast", "audit", "admins", "tokens", "settings", "wallet", "setup", "admin", "db", "doctor", "bot", "completion"]);
    expect(await bashOffers("refbot", "wi")).toEqual(["withdrawals"]);
    expect(await bashOffers("refbot", "withdrawals", "")).toEqual(["list", "show", "counts", "approve", "reject", "pay", "send", "verify"]);
    expect(await bashOffers("refbot", "withdrawals", "list", "--")).toEqual(["--status", "--full", "--limit", "--before", "--json", "--csv", "--api-url", "--help"]);
    expect(await bashOffers("refbot", "withdrawals", "list", "--status", "p")).toEqual(withdrawalStatuses.filter((s) => s.startsWith("p")));
    // "--status=a" reaches the function as three words: "=" breaks words in bash.
    expect(await bashOffers("refbot", "withdrawals", "list", "--status", "=", "a")).toEqual(["approved"]);
    expect(await bashOffers("refbot", "leaderboard", "")).toEqual(["earnings", "referrals", "activity"]);
    expect(await bashOffers("refbot", "completion", "")).toEqual(["bash", "zsh"]);
  });

  test("walks past global flags and flag values to the command being completed", async () => {
    expect(await bashOffers("refbot", "--api-url", "http://x", "users", "s")).toEqual(["search", "show"]);
    expect(await bashOffers("refbot", "users", "search", "--limit", "5", "--b")).toEqual(["--before"]);
    // A flag's free value gets no command names offered.
    expect(await bashOffers("refbot", "users", "adjust", "4", "--amount", "")).toEqual([]);
  });
});

describe("zsh", () => {
  test.skipIf(Bun.which("zsh") === null)("the script parses, and registers itself when sourced after compinit", async () => {
    const zsh = await runRefbot(["completion", "zsh"]);
    expect(zsh.code).toBe(0);
    expect(zsh.stdout).toStartWith("#compdef refbot\n");
    const file = join(dir, "_refbot");
    writeFileSync(file, zsh.stdout);
    const check = Bun.spawnSync(["zsh", "-n", file]);
    expect(check.stderr.toString()).toBe("");
    const sourced = Bun.spawnSync(["zsh", "-f", "-c", `autoload -Uz compinit && compinit -u -D && source ${file} && print -r -- $_comps[refbot]`], { env: { HOME: dir, PATH: process.env.PATH ?? "" } });
    expect(sourced.stdout.toString()).toBe("_refbot\n");
  });

  test("carries the descriptions and choices", async () => {
    const { stdout } = await runRefbot(["completion", "zsh"]);
    expect(stdout).toContain("'list:list withdrawal requests, newest first'");
    expect(stdout).toContain(`'withdrawals list:--status') compadd -- ${withdrawalStatuses.map((s) => `'${s}'`).join(" ")}`);
  });
});

test("help says how to install it; an unknown shell is bad usage", async () => {
  const help = await runRefbot(["completion", "--help"]);
  expect(help.stdout).toContain("refbot completion bash > ~/.local/share/bash-completion/completions/refbot");
  expect(help.stdout).toContain("refbot completion zsh > ~/.zfunc/_refbot");
  for (const line of help.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
  expect((await runRefbot(["--help"])).stdout).toContain("refbot completion --help");
  const fish = await runRefbot(["completion", "fish"]);
  expect(fish.code).toBe(2);
  expect(fish.stderr).toBe("error: command-argument value 'fish' is invalid for argument 'shell'. Allowed choices are bash, zsh.\n");
  expect(fish.stdout).toBe("");
});
