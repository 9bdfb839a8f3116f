// Backups of the database that finished and were checked: when, where, of which engine and schema.

import type { DatabaseEngine } from "./engines.ts";

/** One good backup: written, checked, its manifest beside it. `schemaVersion` is its last migration's tag. */
export type BackupRun = {
  id: number;
  finishedAt: Date;
  file: string;
  engine: DatabaseEngine;
  schemaVersion: string;
  bytes: number;
};
