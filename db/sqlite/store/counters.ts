// Counter statements on SQLite: upserts compiled once, run on every completion.
import type { Database } from "bun:sqlite";
import type { CounterStatements, DailyField } from "@/domain/statements/counters.ts";

const dailyColumns: Record<DailyField, string> = { registrations: "registrations", completions: "completions", activeUsers: "active_users" };

export function counterStatements(conn: Database): CounterStatements {
  return {
    *bump(name, by) {
      conn.query("insert into counters (name, value) values (?1, ?2) on conflict (name) do update set value = value + ?2").run(name, by);
    },
    *bumpDaily(day, field) {
      const column = dailyColumns[field];
      conn.query(`insert into daily_stats (day, ${column}) values (?1, 1) on conflict (day) do update set ${column} = ${column} + 1`).run(day);
    },
  };
}
