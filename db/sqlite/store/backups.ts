// The backup records' statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { desc } from "@/db/ops.ts";
import { backupRuns } from "@/db/sqlite/schema/index.ts";
import type { BackupStatements } from "@/domain/statements/backups.ts";

export function backupStatements(db: Db): BackupStatements {
  return {
    *record(run) {
      db.insert(backupRuns).values(run).run();
    },
    *lastSuccess() {
      return db.select({ at: backupRuns.finishedAt }).from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1).get()?.at ?? null;
    },
  };
}
