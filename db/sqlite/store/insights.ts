// The dashboard's statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { and, asc, desc, gte, lte } from "@/db/ops.ts";
import { counters, dailyStats, tasks } from "@/db/sqlite/schema/index.ts";
import { serviceQueues, serviceQueuesSql, type ServiceQueuesRow } from "@/db/service-queues.ts";
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
    *queues() {
      return serviceQueues(db.$client.query<ServiceQueuesRow, []>(serviceQueuesSql).get()!);
    },
    ranks: rankStatements(db),
  };
}
