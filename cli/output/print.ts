// Printing, kept apart from collecting: a command hands over its data and how a person reads
// it; `--json` prints the data itself and `--csv` the raw column values.
import type { CsvColumn } from "@/domain/csv.ts";
import { pickFields } from "@/cli/json-fields.ts";
import { csvName, printCsv } from "./csv.ts";
import { table } from "./table.ts";

/** `json` is true for every field, or the fields `--json id,status` picked. */
export type OutputFlags = { json?: boolean | readonly string[]; csv?: boolean };

export type Column<T> = {
  header: string;
  /** The CSV column's name, where the table's short heading does not say what the value holds. */
  csvHeader?: string;
  /** The full value, as CSV gets it. */
  value: (row: T) => string | number | boolean | null | undefined;
  /** What the table shows, when it differs (shortened, coloured). */
  display?: (row: T) => string | number;
  align?: "left" | "right";
  /** Cut to the width the other columns leave (long free text: titles, messages, details). */
  flex?: boolean;
};

const write = (text: string): void => {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
};

export function printJson(data: unknown): void {
  write(JSON.stringify(data, null, 2));
}

/** One record or a summary: JSON as it is, or the human text. */
export function emit<T>(data: T, flags: OutputFlags, human: (data: T) => string): void {
  if (flags.json) printJson(data);
  else write(human(data));
}

const flexIndex = (columns: Column<never>[]) => {
  const i = columns.findIndex((c) => c.flex);
  return i === -1 ? undefined : i;
};

/** `csv`: the list's own CSV columns, where it shares them with the admin panel's export; else the table's columns. */
export function emitList<T>(rows: T[], flags: OutputFlags, columns: Column<T>[], empty = "Nothing to show.", csv?: readonly CsvColumn<T>[]): void {
  if (Array.isArray(flags.json)) return printJson(pickFields(rows as object[], flags.json));
  if (flags.json) return printJson(rows);
  if (flags.csv) return printCsv(rows, csv ?? columns.map((c) => ({ name: csvName(c.csvHeader ?? c.header), value: c.value })));
  write(rows.length === 0 ? empty : columnsTable(rows, columns));
}

/** The rows as the table a list shows at a terminal. */
export function columnsTable<T>(rows: T[], columns: Column<T>[]): string {
  const cells = rows.map((r) => columns.map((c) => (c.display ?? c.value)(r) ?? "-").map((v) => (typeof v === "boolean" ? (v ? "yes" : "no") : v)));
  return table(columns.map((c) => c.header.toUpperCase()), cells, { align: columns.map((c) => c.align ?? "left"), flex: flexIndex(columns) });
}
