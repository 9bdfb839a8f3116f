// A good backup is recorded in the database it copied (backup_runs), where the server's metrics
// read the newest.
import { openPg } from "@/db/pg/client.ts";
import { backupStatements as pgBackupStatements } from "@/db/pg/store/backups.ts";
import { openDb } from "@/db/sqlite/client.ts";
import { backupStatements as sqliteBackupStatements } from "@/db/sqlite/store/backups.ts";
import type { BackupRun } from "@/domain/model/index.ts";
import { runAwaiting, runNow } from "@/domain/store.ts";

/** A database a backup is taken of: the SQLite file, or the PostgreSQL URL. */
export type BackupSource = { engine: "sqlite"; path: string } | { engine: "postgres"; url: string };

export async function recordBackup(source: BackupSource, run: Omit<BackupRun, "id">): Promise<void> {
  if (source.engine === "sqlite") {
    const db = openDb(source.path);
    try {
      runNow(sqliteBackupStatements(db).record(run));
    } finally {
      db.$client.close();
    }
    return;
  }
  const db = openPg(source.url, { max: 1 });
  try {
    await runAwaiting(pgBackupStatements(db).record(run));
  } finally {
    await db.$client.close();
  }
}
