// The statements the dashboard counters (counters.ts) need: each bumped in the transaction that
// changes what it counts.
import type { CounterName } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type { CounterName };
export type DailyField = "registrations" | "completions" | "activeUsers";

export type CounterStatements = {
  bump(name: CounterName, by: number): Op<void>;
  bumpDaily(day: string, field: DailyField): Op<void>;
};
