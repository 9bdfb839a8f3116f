// Each good `refbot db backup`, recorded in the database it copied: the newest says how old the
// last backup is (refbot_backup_last_success_timestamp_seconds).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { databaseEngines } from "@/domain/model/engines.ts";

export const backupRuns = sqliteTable(
  "backup_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }).notNull(),
    file: text("file").notNull(),
    engine: text("engine", { enum: databaseEngines }).notNull(),
    schemaVersion: text("schema_version").notNull(),
    bytes: integer("bytes").notNull(),
  },
  (t) => [index("backup_runs_finished_idx").on(t.finishedAt)],
);
