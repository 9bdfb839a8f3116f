// Each good `refbot db backup` (PostgreSQL); see db/sqlite/schema/backups.ts.
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { databaseEngines } from "@/domain/model/engines.ts";
import { int8, moment, oneOf } from "./columns.ts";

export const backupRuns = pgTable(
  "backup_runs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    finishedAt: moment("finished_at").notNull(),
    file: text("file").notNull(),
    engine: text("engine", { enum: databaseEngines }).notNull(),
    schemaVersion: text("schema_version").notNull(),
    bytes: int8("bytes").notNull(),
  },
  (t) => [index("backup_runs_finished_idx").on(t.finishedAt), check("backup_runs_engine_valid", oneOf(t.engine, databaseEngines))],
);
