// The statements the dashboard figures (stats.ts) and the leaderboards need from an engine.
import type { CounterRow, DailyStatsRow, Task } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";
import type { RankStatements } from "./ranks.ts";

export type { CounterRow, DailyStatsRow };

export type InsightStatements = {
  counters(): Op<CounterRow[]>;
  /** The rows of the UTC days from `first` to `last`, both included (days with no row have none). */
  days(first: string, last: string): Op<DailyStatsRow[]>;
  /** Every task, most completed first, ties by id. */
  tasksByCompletions(): Op<Task[]>;
  ranks: RankStatements;
};
