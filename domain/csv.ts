// RFC 4180 CSV for spreadsheets and payout batches, safe to open with whatever separator the
// spreadsheet's locale splits on. Written once for every client that writes CSV: the CLI's --csv
// and the admin API's exports.

/** A number as the API writes ids and amounts ("42", "-1.50"): left as it is, so it stays a number. */
const plainNumber = /^[-+]?\d+(\.\d+)?$/;

// Where a spreadsheet may start a new cell: the comma this file uses, the semicolon that Russian,
// German and other locales split on instead, tab, and a line break (a spreadsheet splitting on
// semicolons does not see a comma-separated file's quotes, so it ends the row there). Both are
// written as the inside of a regular expression's character class.
const separators = String.raw`,;\t\r\n`;
// A cell, or a part of one after a separator, that starts with one of these is evaluated as a
// formula; each such start gets a `'` in front, which spreadsheets take as "this is text".
const formulaStarts = String.raw`=+\-@\t\r`;

const formulaStart = new RegExp(`^[${formulaStarts}]`);
// After a separator a quote is guarded too: a spreadsheet splitting there would open a quoted
// cell at it, and the text after the closing quote would start that cell.
const formulaAfterSeparator = new RegExp(`([${separators}])(?=[${formulaStarts}"])`, "g");
/** A cell holding a separator or a quote is quoted, so a reader that honours quotes keeps it whole. */
const needsQuotes = new RegExp(`["${separators}]`);

/** One cell of a row: guarded against formulas wherever a spreadsheet might split it, and quoted when it holds a separator or a quote. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  if (plainNumber.test(text)) return text;
  const guarded = (formulaStart.test(text) ? "'" : "") + text.replace(formulaAfterSeparator, "$1'");
  return needsQuotes.test(guarded) || guarded !== guarded.trim() ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One line of cells, ended as RFC 4180 ends every line. */
const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

export function toCsv(headers: string[], rows: unknown[][]): string {
  return [headers, ...rows].map(csvLine).join("");
}

/** A column of a list's CSV: its name in the header line, and the value of each row. */
export type CsvColumn<T> = { name: string; value: (row: T) => string | number | boolean | null | undefined };

/** The whole CSV of `rows` under `columns`. */
export const csvOf = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string =>
  toCsv(columns.map((c) => c.name), rows.map((row) => columns.map((c) => c.value(row))));

/**
 * The CSV of rows that arrive a page at a time: the header line, then each page's lines as it
 * comes, so a long list is written out without being held whole.
 */
export async function* csvChunks<T>(columns: readonly CsvColumn<T>[], pages: AsyncIterable<readonly T[]> | Iterable<readonly T[]>): AsyncGenerator<string> {
  yield csvLine(columns.map((c) => c.name));
  for await (const page of pages) {
    if (page.length > 0) yield page.map((row) => csvLine(columns.map((c) => c.value(row)))).join("");
  }
}
