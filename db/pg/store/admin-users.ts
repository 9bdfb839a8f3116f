// The admin-users statements on PostgreSQL.
import type { AdminUserStatements } from "@/domain/statements/admin-users.ts";
import type { PgRunner } from "./runner.ts";

export function adminUserStatements(_db: PgRunner): AdminUserStatements {
  return {};
}
