// The statements the dashboard counters (counters.ts) need: each bumped in the transaction that
// changes what it counts.
import type { counterNames } from "@/db/schema/index.ts";
import type { Op } from "@/domain/store.ts";

export type CounterName = (typeof counterNames)[number];
export type DailyField = "registrations" | "completions" | "activeUsers";

export type CounterStatements = {
  bump(name: CounterName, by: number): Op<void>;
  bumpDaily(day: string, field: DailyField): Op<void>;
};
