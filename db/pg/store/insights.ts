// The dashboard's statements on PostgreSQL.
import { and, asc, desc, gte, lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { counters, dailyStats, tasks } from "@/db/pg/schema/index.ts";
import { serviceQueues, serviceQueuesSql, type ServiceQueuesRow } from "@/db/service-queues.ts";
import type { InsightStatements } from "@/domain/statements/insights.ts";
import { awaiting } from "@/domain/store.ts";
import { rankStatements } from "./ranks.ts";
import { clientOf, type PgRunner } from "./runner.ts";
import { taskWithCount } from "./tasks.ts";

export function insightStatements(db: PgRunner): InsightStatements {
  return {
    *counters() {
      return yield* awaiting(db.select({ name: counters.name, value: sql<number>`sum(${counters.value})::int8`.mapWith(Number) }).from(counters).groupBy(counters.name));
    },
    *days(first, last) {
      const total = (column: AnyPgColumn) => sql<number>`sum(${column})::int`.mapWith(Number);
      return yield* awaiting(
        db
          .select({ day: dailyStats.day, registrations: total(dailyStats.registrations), completions: total(dailyStats.completions), activeUsers: total(dailyStats.activeUsers) })
          .from(dailyStats)
          .where(and(gte(dailyStats.day, first), lte(dailyStats.day, last)))
          .groupBy(dailyStats.day),
      );
    },
    *tasksByCompletions() {
      return yield* awaiting(db.select(taskWithCount).from(tasks).orderBy(desc(taskWithCount.completionCount), asc(tasks.id)));
    },
    *queues() {
      const [row] = yield* awaiting(clientOf(db).unsafe<ServiceQueuesRow[]>(serviceQueuesSql));
      return serviceQueues(row!);
    },
    ranks: rankStatements(db),
  };
}
