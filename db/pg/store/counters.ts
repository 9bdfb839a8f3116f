// Counter statements on PostgreSQL: each bump lands in a slot picked at random, so concurrent
// transactions seldom wait on one row (see db/pg/schema/stats.ts); reads add the slots up.
//
// Inside a transaction the bumps are not sent where the program asks for them but kept, added up
// per row, and sent together just before the commit (holdBumps, which the store's transaction
// runs, index.ts): a counter row is then locked only from the end of the transaction to its
// commit, instead of through the rest of it, and the day's two bumps of a completion
// (completions, active users) are one row written once. Nothing reads a counter back in the
// transaction that bumps it, and nothing but these bumps locks a counter row, which is what
// makes holding them back safe.
import type { CounterName, CounterStatements, DailyField } from "@/domain/statements/counters.ts";
import { counterSlots } from "@/db/pg/schema/index.ts";
import { awaiting } from "@/domain/store.ts";
import { clientOf, type PgRunner } from "./runner.ts";

export const randomSlot = () => Math.floor(Math.random() * counterSlots);

const dailyFields: readonly DailyField[] = ["registrations", "completions", "activeUsers"];

/** What one transaction has bumped so far, per row. */
type Bumps = { tasks: Map<number, number>; counters: Map<CounterName, number>; days: Map<string, Record<DailyField, number>> };

const held = new WeakMap<PgRunner, Bumps>();

/**
 * Holds back the bumps made in transaction `tx` until the returned function sends them, in one
 * round trip, in a fixed order (task counts by task, counters by name, days by day), so two
 * transactions never take two counter rows in opposite orders.
 */
export function holdBumps(tx: PgRunner): () => Promise<void> {
  const bumps: Bumps = { tasks: new Map(), counters: new Map(), days: new Map() };
  held.set(tx, bumps);
  return async () => {
    held.delete(tx);
    const sql = clientOf(tx);
    const sent = [
      ...[...bumps.tasks].sort(([a], [b]) => a - b).map(([taskId, n]) => countTask(sql, taskId, n)),
      ...[...bumps.counters].sort(([a], [b]) => a.localeCompare(b)).map(([name, by]) => countName(sql, name, by)),
      ...[...bumps.days].sort(([a], [b]) => a.localeCompare(b)).map(([day, by]) => countDay(sql, day, by)),
    ].map((query) => query.execute());
    // Each answer is awaited, so a failure is reported as itself, not as the aborted transaction
    // the statements behind it then meet.
    const answers = await Promise.allSettled(sent);
    const failed = answers.find((a) => a.status === "rejected");
    if (failed) throw failed.reason;
  };
}

type Sql = ReturnType<typeof clientOf>;

const countTask = (sql: Sql, taskId: number, n: number) =>
  sql`insert into task_completion_counts (task_id, slot, completions) values (${taskId}, ${randomSlot()}, ${n})
    on conflict (task_id, slot) do update set completions = task_completion_counts.completions + excluded.completions`;

const countName = (sql: Sql, name: CounterName, by: number) =>
  sql`insert into counters (name, slot, value) values (${name}, ${randomSlot()}, ${by})
    on conflict (name, slot) do update set value = counters.value + excluded.value`;

const countDay = (sql: Sql, day: string, by: Record<DailyField, number>) =>
  sql`insert into daily_stats (day, slot, registrations, completions, active_users)
    values (${day}, ${randomSlot()}, ${by.registrations}, ${by.completions}, ${by.activeUsers})
    on conflict (day, slot) do update set registrations = daily_stats.registrations + excluded.registrations,
      completions = daily_stats.completions + excluded.completions, active_users = daily_stats.active_users + excluded.active_users`;

/** Counts a completion of the task, held back inside a transaction. */
export function* bumpTask(db: PgRunner, taskId: number) {
  const bumps = held.get(db);
  if (bumps) bumps.tasks.set(taskId, (bumps.tasks.get(taskId) ?? 0) + 1);
  else yield* awaiting(countTask(clientOf(db), taskId, 1));
}

export function counterStatements(db: PgRunner): CounterStatements {
  return {
    *bump(name, by) {
      const bumps = held.get(db);
      if (bumps) bumps.counters.set(name, (bumps.counters.get(name) ?? 0) + by);
      else yield* awaiting(countName(clientOf(db), name, by));
    },
    *bumpDaily(day, field) {
      const bumps = held.get(db);
      const by = Object.fromEntries(dailyFields.map((f) => [f, f === field ? 1 : 0])) as Record<DailyField, number>;
      const sum = bumps?.days.get(day);
      if (sum) sum[field] += 1;
      else if (bumps) bumps.days.set(day, by);
      else yield* awaiting(countDay(clientOf(db), day, by));
    },
  };
}
