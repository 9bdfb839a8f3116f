// SQLite's update hook for a connection, shared: it reports every row this connection inserts,
// updates or deletes (triggers included, rolled-back changes too), so caches of rows can drop what
// changed without every writer having to know about them.
import type { Db } from "./client.ts";
import { prepared } from "./prepared.ts";

type Listener = (rowid: number, kind: "insert" | "update" | "delete") => void;

export function onRowChange(db: Db, table: string, listener: Listener): void {
  const listeners = prepared(db, "rowChangeListeners", (d) => {
    const byTable = new Map<string, Listener[]>();
    const dispatch = (kind: "insert" | "update" | "delete") => (_db: unknown, tableName: string, rowid: number | bigint) => {
      for (const l of byTable.get(tableName) ?? []) l(Number(rowid), kind);
    };
    d.sqlite.onInsert = dispatch("insert");
    d.sqlite.onUpdate = dispatch("update");
    d.sqlite.onDelete = dispatch("delete");
    return byTable;
  });
  listeners.set(table, [...(listeners.get(table) ?? []), listener]);
}
