// The users statements on SQLite.
import type { Db } from "@/db/client.ts";
import type { UserStatements } from "@/domain/statements/users.ts";

export function userStatements(_db: Db): UserStatements {
  return {};
}
