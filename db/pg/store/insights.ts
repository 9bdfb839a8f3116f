// The insights statements on PostgreSQL.
import type { InsightStatements } from "@/domain/statements/insights.ts";
import type { PgRunner } from "./runner.ts";

export function insightStatements(_db: PgRunner): InsightStatements {
  return {};
}
