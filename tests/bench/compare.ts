// `npm run bench -- --compare <file>`: a new run's figures beside a committed one's. Every figure
// is shown with the committed value and the change; only the ratios (an endpoint's share of the
// bare Bun.serve baseline, a completion's share of `pgbench -N` on PostgreSQL) are judged, since
// they divide out most of the machine's speed, and one more than `allowedWorse` below the
// committed value is flagged.
import { figuresOf, valueText, worseBy, type Figure } from "./figures.ts";
import type { EngineResults, SavedRun } from "./saved-run.ts";

/** How much worse than the committed value a ratio may be, as a share of it. */
export const allowedWorse = 0.05;

export type Compared = Figure & { committed?: number; worse?: number; flagged: boolean };

export function compareRuns(now: EngineResults, committed: EngineResults): Compared[] {
  const before = new Map(figuresOf(committed).map((f) => [f.key, f.value]));
  return figuresOf(now).map((f) => {
    const value = before.get(f.key);
    if (value === undefined || !(value > 0)) return { ...f, flagged: false };
    const worse = worseBy(f.unit, f.value, value);
    return { ...f, committed: value, worse, flagged: f.ratio && worse > allowedWorse };
  });
}

/** The change of the value itself, and which way that is for this figure. */
const changeText = (c: Compared) => {
  if (c.committed === undefined || c.worse === undefined) return "new";
  const change = c.value / c.committed - 1;
  const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
  return `${sign}${Math.abs(change * 100).toFixed(1)} %${c.worse > 0 ? ", worse" : c.worse < 0 ? ", better" : ""}`;
};

/** The comparison as a table, with what the committed run was; answers how many ratios were flagged. */
export function printCompared(title: string, committed: SavedRun, file: string, rows: Compared[]): number {
  const load = committed.machine.loadAverage;
  console.log(`\n${title}, against ${file}`);
  console.log(
    `committed: ${committed.users} users, ${committed.startedAt || "undated"} at ${committed.commit.slice(0, 10)}, ` +
      `${committed.machine.cores} cores, load average ${load.start[0] ?? "?"} at the start and ${load.end[0] ?? "?"} at the end`,
  );
  const table = [["figure", "now", "committed", "change", ""], ...rows.map((c) => [c.label, valueText(c.value, c.unit), c.committed === undefined ? "—" : valueText(c.committed, c.unit), changeText(c), c.flagged ? `WORSE by more than ${allowedWorse * 100} %` : c.ratio ? "ratio" : ""])];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${line(table[0]!)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of table.slice(1)) console.log(line(row));
  const flagged = rows.filter((c) => c.flagged);
  console.log(flagged.length ? `\n${flagged.length} ratio(s) more than ${allowedWorse * 100} % worse than committed: ${flagged.map((c) => c.label).join("; ")}` : `\nNo ratio more than ${allowedWorse * 100} % worse than committed.`);
  return flagged.length;
}
