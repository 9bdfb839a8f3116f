// The tasks statements on PostgreSQL.
import type { TaskStatements } from "@/domain/statements/tasks.ts";
import type { PgRunner } from "./runner.ts";

export function taskStatements(_db: PgRunner): TaskStatements {
  return {};
}
