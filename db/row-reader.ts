// Whole rows of a table read with plain SQL and converted exactly as drizzle converts them (dates,
// booleans, int8), for the few lookups that run on every request: drizzle's building and general
// result mapping cost more than the lookup itself there. One reader serves both engines' tables.
import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";

export function rowReader<T extends Table>(table: T) {
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
  /** The select list, in the order `read` expects, each column qualified by `alias` when given. */
  const select = (alias?: string) => columns.map(([, column]) => `${alias ? `${alias}.` : ""}"${column.name}"`).join(", ");
  return { select, read, keys };
}
