// Counter statements on PostgreSQL.
import { sql } from "drizzle-orm";
import { counters, dailyStats } from "@/db/pg/schema/index.ts";
import type { CounterStatements } from "@/domain/statements/counters.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function counterStatements(db: PgRunner): CounterStatements {
  return {
    *bump(name, by) {
      yield* awaiting(db.insert(counters).values({ name, value: by }).onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + ${by}` } }));
    },
    *bumpDaily(day, field) {
      const column = dailyStats[field];
      yield* awaiting(db.insert(dailyStats).values({ day, [field]: 1 }).onConflictDoUpdate({ target: dailyStats.day, set: { [field]: sql`${column} + 1` } }));
    },
  };
}
