// The dashboard's statements on PostgreSQL.
import { and, asc, desc, eq, gte, lte } from "drizzle-orm";
import { adminAudit, admins, counters, dailyStats, tasks } from "@/db/pg/schema/index.ts";
import type { InsightStatements } from "@/domain/statements/insights.ts";
import { awaiting } from "@/domain/store.ts";
import { rankStatements } from "./ranks.ts";
import type { PgRunner } from "./runner.ts";

export function insightStatements(db: PgRunner): InsightStatements {
  return {
    *counters() {
      return yield* awaiting(db.select().from(counters));
    },
    *days(first, last) {
      return yield* awaiting(db.select().from(dailyStats).where(and(gte(dailyStats.day, first), lte(dailyStats.day, last))));
    },
    *tasksByCompletions() {
      return yield* awaiting(db.select().from(tasks).orderBy(desc(tasks.completionCount), asc(tasks.id)));
    },
    *auditLog(limit) {
      return yield* awaiting(
        db
          .select({
            id: adminAudit.id,
            adminId: adminAudit.adminId,
            adminEmail: admins.email,
            action: adminAudit.action,
            targetType: adminAudit.targetType,
            targetId: adminAudit.targetId,
            detail: adminAudit.detail,
            createdAt: adminAudit.createdAt,
          })
          .from(adminAudit)
          .leftJoin(admins, eq(admins.id, adminAudit.adminId))
          .orderBy(desc(adminAudit.id))
          .limit(limit),
      );
    },
    ranks: rankStatements(db),
  };
}
