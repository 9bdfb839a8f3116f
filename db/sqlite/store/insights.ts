// The dashboard's statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { and, asc, desc, eq, gte, lt, lte } from "@/db/ops.ts";
import { adminAudit, admins, counters, dailyStats, tasks } from "@/db/sqlite/schema/index.ts";
import { auditEntryColumns } from "@/db/selections.ts";
import type { InsightStatements } from "@/domain/statements/insights.ts";
import { rankStatements } from "./ranks.ts";

export function insightStatements(db: Db): InsightStatements {
  return {
    *counters() {
      return db.select().from(counters).all();
    },
    *days(first, last) {
      return db.select().from(dailyStats).where(and(gte(dailyStats.day, first), lte(dailyStats.day, last))).all();
    },
    *tasksByCompletions() {
      return db.select().from(tasks).orderBy(desc(tasks.completionCount), asc(tasks.id)).all();
    },
    *auditLog(limit, before) {
      return db
        .select(auditEntryColumns(adminAudit, admins))
        .from(adminAudit)
        .leftJoin(admins, eq(admins.id, adminAudit.adminId))
        .where(before ? lt(adminAudit.id, before) : undefined)
        .orderBy(desc(adminAudit.id))
        .limit(limit)
        .all();
    },
    ranks: rankStatements(db),
  };
}
