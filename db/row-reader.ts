// Whole rows of a table read with plain SQL and converted exactly as drizzle converts them (dates,
// booleans), for the few lookups that run on every request: drizzle's general result mapping
// costs more than the SQLite lookup itself there.
import { getTableColumns, type InferSelectModel } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

export function rowReader<T extends SQLiteTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  const keys = columns.map(([key]) => key);
  const decoders = columns.map(([, column]) => column);
  const read = (values: unknown[] | null | undefined): InferSelectModel<T> | undefined => {
    if (!values) return undefined;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[i];
      row[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
  /** The select list, in the order `read` expects. */
  const select = columns.map(([, column]) => `"${column.name}"`).join(", ");
  return { select, read };
}
