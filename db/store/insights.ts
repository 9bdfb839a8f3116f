// The insights statements on SQLite.
import type { Db } from "@/db/client.ts";
import type { InsightStatements } from "@/domain/statements/insights.ts";

export function insightStatements(_db: Db): InsightStatements {
  return {};
}
