// --csv on stdout: a list's rows under its CSV columns, written by the one CSV writer
// (domain/csv.ts). The lists the admin panel exports too take their columns from
// domain/csv-columns.ts; the others name theirs after their table's headings.
import { csvOf, type CsvColumn } from "@/domain/csv.ts";

export function printCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): void {
  process.stdout.write(csvOf(columns, rows));
}

/** "created at" is created_at: a heading as a CSV column's name. */
export const csvName = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
