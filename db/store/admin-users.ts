// The admin-users statements on SQLite.
import type { Db } from "@/db/client.ts";
import type { AdminUserStatements } from "@/domain/statements/admin-users.ts";

export function adminUserStatements(_db: Db): AdminUserStatements {
  return {};
}
