// Dashboard counters, bumped inside the transaction that changes what they count.
import type { counters } from "@/db/schema/index.ts";
import { connectionOf, type Tx } from "./context.ts";

type CounterName = (typeof counters.$inferSelect)["name"];
const dailyColumns = { registrations: "registrations", completions: "completions", activeUsers: "active_users" } as const;

export function bumpCounter(tx: Tx, name: CounterName, by = 1): void {
  connectionOf(tx)
    .query("insert into counters (name, value) values (?1, ?2) on conflict (name) do update set value = value + ?2")
    .run(name, by);
}

export function bumpDaily(tx: Tx, day: string, field: keyof typeof dailyColumns): void {
  const column = dailyColumns[field];
  connectionOf(tx)
    .query(`insert into daily_stats (day, ${column}) values (?1, 1) on conflict (day) do update set ${column} = ${column} + 1`)
    .run(day);
}
