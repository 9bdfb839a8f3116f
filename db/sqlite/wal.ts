// The size of a database's write-ahead log, for the metrics: 0 when there is none (no write since
// the last checkpoint that truncated it, or an in-memory database).
import { statSync } from "node:fs";

export function walBytes(databasePath: string): number {
  try {
    return statSync(`${databasePath}-wal`).size;
  } catch {
    // No WAL file is an empty log, not an error.
    return 0;
  }
}
