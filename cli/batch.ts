// Acting on several ids: each id is tried on its own, a summary line per id follows, and the
// command fails (naming the failed ids) if any did. A lost session or server stops the batch.
import { CliError, describeError, exitCodes } from "./errors.ts";
import { colors } from "./output/colors.ts";
import { printJson, type OutputFlags } from "./output/print.ts";

export type Outcome<T> = { id: number; ok: true; result: T } | { id: number; ok: false; error: { message: string; code?: string } };

export async function forEachId<T>(ids: number[], act: (id: number) => Promise<T>): Promise<Outcome<T>[]> {
  const outcomes: Outcome<T>[] = [];
  for (const id of ids) {
    try {
      outcomes.push({ id, ok: true, result: await act(id) });
    } catch (error) {
      const { message, exitCode, code } = describeError(error);
      // The next id would fail the same way; say it once.
      if (exitCode === exitCodes.auth || exitCode === exitCodes.unreachable) throw error;
      outcomes.push({ id, ok: false, error: { message, code } });
    }
  }
  return outcomes;
}

export function reportBatch<T>(outcomes: Outcome<T>[], flags: OutputFlags, success: (result: T) => string): void {
  if (flags.json) printJson(outcomes);
  else {
    const lines = outcomes.map((o) => (o.ok ? `${colors.green("✔")} #${o.id} ${success(o.result)}` : `${colors.red("✖")} #${o.id} ${o.error.message}`));
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  const failed = outcomes.filter((o) => !o.ok).map((o) => `#${o.id}`);
  if (failed.length > 0) throw new CliError(`${failed.length} of ${outcomes.length} failed: ${failed.join(", ")}`);
}
