// Counter statements on PostgreSQL: each bump lands in a slot picked at random, so concurrent
// transactions seldom wait on one row (see db/pg/schema/stats.ts); reads add the slots up.
import { sql } from "drizzle-orm";
import { counterSlots, counters, dailyStats } from "@/db/pg/schema/index.ts";
import type { CounterStatements } from "@/domain/statements/counters.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export const randomSlot = () => Math.floor(Math.random() * counterSlots);

export function counterStatements(db: PgRunner): CounterStatements {
  return {
    *bump(name, by) {
      yield* awaiting(
        db
          .insert(counters)
          .values({ name, slot: randomSlot(), value: by })
          .onConflictDoUpdate({ target: [counters.name, counters.slot], set: { value: sql`${counters.value} + ${by}` } }),
      );
    },
    *bumpDaily(day, field) {
      const column = dailyStats[field];
      yield* awaiting(
        db
          .insert(dailyStats)
          .values({ day, slot: randomSlot(), [field]: 1 })
          .onConflictDoUpdate({ target: [dailyStats.day, dailyStats.slot], set: { [field]: sql`${column} + 1` } }),
      );
    },
  };
}
