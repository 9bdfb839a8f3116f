// The backup records' statements on PostgreSQL.
import { desc } from "@/db/ops.ts";
import { backupRuns } from "@/db/pg/schema/index.ts";
import type { BackupStatements } from "@/domain/statements/backups.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function backupStatements(db: PgRunner): BackupStatements {
  return {
    *record(run) {
      yield* awaiting(db.insert(backupRuns).values(run));
    },
    *lastSuccess() {
      const [newest] = yield* awaiting(db.select({ at: backupRuns.finishedAt }).from(backupRuns).orderBy(desc(backupRuns.finishedAt)).limit(1));
      return newest?.at ?? null;
    },
  };
}
