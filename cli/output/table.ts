// Borderless tables: column gaps instead of box lines, so the usual lists fit 80 columns. One
// column may be marked flexible; it is cut to whatever width the others leave.
import { stripVTControlCharacters } from "node:util";
import Table from "cli-table3";
import { colors } from "./colors.ts";
import { truncate } from "./format.ts";

const blank = {
  top: "", "top-mid": "", "top-left": "", "top-right": "",
  bottom: "", "bottom-mid": "", "bottom-left": "", "bottom-right": "",
  left: "", "left-mid": "", mid: "", "mid-mid": "",
  right: "", "right-mid": "", middle: "  ",
};

const gap = 2;
/** The width of a cell: its longest line, colour codes left out. */
const visible = (text: string) => Math.max(...text.split("\n").map((line) => stripVTControlCharacters(line).length));
/** A cell cut to `room` columns; a cell of several lines (a list in one cell) is cut line by line. */
const cut = (text: string, room: number) => text.split("\n").map((line) => (visible(line) > room ? truncate(line, room) : line)).join("\n");

/** The terminal's width, or 80 for pipes and files. */
export const screenWidth = () => (process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : 80);

type Options = { align?: ("left" | "right")[]; flex?: number };

export function table(headers: string[], rows: (string | number)[][], options: Options = {}): string {
  let cells = rows.map((row) => row.map(String));
  const { flex } = options;
  if (flex !== undefined) {
    const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => visible(r[i] ?? ""))));
    const others = widths.reduce((sum, w, i) => (i === flex ? sum : sum + w), 0) + gap * (headers.length - 1);
    const room = Math.max(headers[flex]!.length, 10, screenWidth() - others);
    cells = cells.map((r) => r.map((c, i) => (i === flex ? cut(c, room) : c)));
  }
  const t = new Table({
    head: headers.map((h) => colors.bold(h)),
    chars: blank,
    // cli-table3 colours headings red by default through its own colour library; ours decides.
    style: { head: [], border: [], "padding-left": 0, "padding-right": 0 },
    colAligns: options.align ?? headers.map(() => "left"),
  });
  for (const row of cells) t.push(row);
  // Trailing spaces from padded last columns would show up in pipes and diffs.
  return t.toString().split("\n").map((line) => line.trimEnd()).join("\n");
}

/** Two-column label/value lines for one record. */
export function details(pairs: [string, string | number][]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${colors.dim(label.padEnd(width))}  ${value}`).join("\n");
}
