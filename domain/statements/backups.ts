// The statements backups need from an engine: a good backup is recorded in the database it
// copied, and the newest record says how old the last one is (the backup age metric).
import type { BackupRun } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type BackupStatements = {
  record(run: Omit<BackupRun, "id">): Op<void>;
  /** When the newest good backup finished; null before the first. */
  lastSuccess(): Op<Date | null>;
};
