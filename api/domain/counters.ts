// Dashboard counters, bumped inside the transaction that changes what they count.
import { sql } from "../../db/ops.ts";
import { counters, dailyStats } from "../../db/schema/index.ts";
import type { Tx } from "./context.ts";

type CounterName = (typeof counters.$inferSelect)["name"];
type DailyField = "registrations" | "completions" | "activeUsers";

export function bumpCounter(tx: Tx, name: CounterName, by = 1): void {
  tx.insert(counters)
    .values({ name, value: by })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + ${by}` } })
    .run();
}

export function bumpDaily(tx: Tx, day: string, field: DailyField): void {
  const column = dailyStats[field];
  tx.insert(dailyStats)
    .values({ day, [field]: 1 })
    .onConflictDoUpdate({ target: dailyStats.day, set: { [field]: sql`${column} + 1` } })
    .run();
}
