// Paging by id: the API lists newest first, and `before` continues below the last id shown.
// After a full page one more row is asked for, to know whether a next page exists, and the
// command for it goes to stderr, so stdout (a pipe, a CSV file) holds the rows alone.
import type { Command } from "commander";
import { csvOption, jsonOption } from "./options.ts";
import { stderrColors } from "./output/colors.ts";

export const beforeOption = ["--before <id>", "only ids below this one (the next page)"] as const;

/**
 * The options of a list read a page at a time: --limit (1 to `max`, `pageSize` unless given),
 * --before, --json (plain, or with a field choice) and --csv.
 */
export function pageOptions(command: Command, { max, pageSize = 50, json = jsonOption }: { max: number; pageSize?: number; json?: readonly [string, string] }): Command {
  return command.option("--limit <n>", `how many (1-${max})`, String(pageSize)).option(...beforeOption).option(...json).option(...csvOption);
}

/** The id the next page starts below, when rows past this page exist. */
export async function nextPage(rows: readonly { id: number }[], limit: number | undefined, probe: (before: number) => Promise<readonly unknown[]>): Promise<number | undefined> {
  const last = rows.at(-1);
  if (!last || limit === undefined || rows.length < limit) return undefined;
  return (await probe(last.id)).length > 0 ? last.id : undefined;
}

const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** `refbot` with these words, quoted for a shell where needed, ready to copy. */
export const commandLine = (words: readonly string[]) => ["refbot", ...words].map(shellWord).join(" ");

/** This command line again, with `--before <id>` in place of any it had. */
export function nextPageCommand(before: number, argv: readonly string[] = process.argv.slice(2)): string {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--before") i++;
    else if (!word.startsWith("--before=")) kept.push(word);
  }
  return commandLine([...kept, "--before", String(before)]);
}

/** On stderr, when there is a next page: how to get it. */
export function noteNextPage(before: number | undefined, what: string): void {
  if (before === undefined) return;
  process.stderr.write(stderrColors.dim(`More ${what} after #${before}; next page: ${nextPageCommand(before)}`) + "\n");
}
