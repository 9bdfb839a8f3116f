// The users statements on PostgreSQL.
import type { UserStatements } from "@/domain/statements/users.ts";
import type { PgRunner } from "./runner.ts";

export function userStatements(_db: PgRunner): UserStatements {
  return {};
}
