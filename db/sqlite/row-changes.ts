// Change tracking for caches of rows. SQLite's update hook reports every row this connection
// inserts, updates or deletes (triggers included, rolled-back changes too), so a cache can drop
// what changed without every writer knowing about it; commitsElsewhere covers other processes.
import type { Db } from "./client.ts";
import { prepared } from "./prepared.ts";

type Listener = (rowid: number, kind: "insert" | "update" | "delete") => void;

/** The listeners of `db`'s row changes by table, hooked to SQLite's update hook at the first. */
const hooked = (db: Db) =>
  prepared(db, "rowChangeListeners", (d) => {
    const hook = { byTable: new Map<string, Listener[]>(), unheard: false };
    const dispatch = (kind: "insert" | "update" | "delete") => (_db: unknown, tableName: string, rowid: number | bigint) => {
      if (hook.unheard) return;
      for (const l of hook.byTable.get(tableName) ?? []) l(Number(rowid), kind);
    };
    d.sqlite.onInsert = dispatch("insert");
    d.sqlite.onUpdate = dispatch("update");
    d.sqlite.onDelete = dispatch("delete");
    return hook;
  });

export function onRowChange(db: Db, table: string, listener: Listener): void {
  const { byTable } = hooked(db);
  byTable.set(table, [...(byTable.get(table) ?? []), listener]);
}

/**
 * Runs `write` without telling the listeners of the rows it changes: for a column no kept answer
 * holds, such as a task's completion count, which every completion adds to. Heard, it would drop
 * the active tasks every request works from, and each user's kept task list with them.
 */
export function unheard<T>(db: Db, write: () => T): T {
  const hook = hooked(db);
  hook.unheard = true;
  try {
    return write();
  } finally {
    hook.unheard = false;
  }
}

/**
 * A watch on other connections' (other processes') commits: it answers a number that moves when
 * one has committed since it was last read, for caches to compare. SQLite tells this through
 * `data_version`, which costs a read transaction to ask, too much for every request: it is asked
 * at most once a second, so another process's writes show within a second.
 */
export function commitsElsewhere(db: Db): () => number {
  const query = db.sqlite.prepare<{ data_version: number }, []>("pragma data_version");
  let version = -1;
  let checkedAt = -Infinity;
  return () => {
    const now = performance.now();
    if (now - checkedAt > 1000) {
      version = query.get()!.data_version;
      checkedAt = now;
    }
    return version;
  };
}
