// Whole rows of a PostgreSQL table read with plain SQL and converted exactly as drizzle converts
// them (int8 to numbers, timestamps to Dates), for the lookups every request makes: building the
// statement through drizzle costs more client CPU than PostgreSQL spends answering it. The SQLite
// counterpart is db/row-reader.ts.
import { getTableColumns, type InferSelectModel } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

export function pgRowReader<T extends PgTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  const keys = columns.map(([key]) => key);
  const decoders = columns.map(([, column]) => column);
  const read = (values: unknown[] | undefined): InferSelectModel<T> | undefined => {
    if (!values) return undefined;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[i];
      row[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
  /** The select list, in the order `read` expects, each column qualified by `alias`. */
  const select = (alias: string) => columns.map(([, column]) => `${alias}."${column.name}"`).join(", ");
  return { select, read };
}
