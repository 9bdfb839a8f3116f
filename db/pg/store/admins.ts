// The admins statements on PostgreSQL.
import type { AdminStatements } from "@/domain/statements/admins.ts";
import type { PgRunner } from "./runner.ts";

export function adminStatements(_db: PgRunner): AdminStatements {
  return {};
}
