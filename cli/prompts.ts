// Questions only for a person at a terminal; scripts and cron (stdin not a TTY) never wait.
import { CliError, usageError } from "./errors.ts";

/**
 * The prompt library, loaded only when a question is asked: loading it is about a third of the
 * CLI's start-up, and scripts and cron never ask.
 */
export const prompts = () => import("@inquirer/prompts");

export const interactive = () => Boolean(process.stdin.isTTY);

/** Asks at a terminal unless --yes; a "no" ends the command without changing anything. */
export async function confirmOrStop(message: string, yes: boolean | undefined): Promise<void> {
  if (yes || !interactive()) return;
  const { confirm } = await prompts();
  const ok = await confirm({ message, default: false }, { output: process.stderr });
  if (!ok) throw new CliError("Cancelled; nothing was changed.");
}

/**
 * A change past the size that deserves a second look (rules.largeTaskReward, largeAdjustment):
 * at a terminal the question asks it; without one only --yes lets it through, so a script with
 * a slipped digit stops before any call instead of going ahead unasked.
 */
export function requireYesWithoutTerminal(yes: boolean | undefined, what: string): void {
  if (!yes && !interactive()) throw usageError(`${what}: add --yes to confirm it (no terminal to ask at)`);
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
