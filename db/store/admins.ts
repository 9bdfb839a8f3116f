// The admins statements on SQLite.
import type { Db } from "@/db/client.ts";
import type { AdminStatements } from "@/domain/statements/admins.ts";

export function adminStatements(_db: Db): AdminStatements {
  return {};
}
