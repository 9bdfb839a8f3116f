// The statements the dashboard figures (stats.ts) and the leaderboards need from an engine.
import type { AuditEntry, CounterRow, DailyStatsRow, Task } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";
import type { RankStatements } from "./ranks.ts";

export type { CounterRow, DailyStatsRow };

/** An audit row with the e-mail of the admin who acted (none for the system's own actions). */
export type AuditLogRow = AuditEntry & { adminEmail: string | null };

export type InsightStatements = {
  counters(): Op<CounterRow[]>;
  /** The rows of the UTC days from `first` to `last`, both included (days with no row have none). */
  days(first: string, last: string): Op<DailyStatsRow[]>;
  /** Every task, most completed first, ties by id. */
  tasksByCompletions(): Op<Task[]>;
  /** The latest `limit` audit rows, newest first; only ids below `before` when given. */
  auditLog(limit: number, before?: number): Op<AuditLogRow[]>;
  ranks: RankStatements;
};
