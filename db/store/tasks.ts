// The tasks statements on SQLite.
import type { Db } from "@/db/client.ts";
import type { TaskStatements } from "@/domain/statements/tasks.ts";

export function taskStatements(_db: Db): TaskStatements {
  return {};
}
