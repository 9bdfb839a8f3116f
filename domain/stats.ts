// Dashboard figures, read from counters kept up to date by the writes themselves.
import type { Task } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import type { AuditAdmin, AuditFilter, AuditLogRow } from "./statements/audit.ts";
import { addDays, utcDay, weekStart } from "./time.ts";

/** What the figures use: the engine, and the time that says which day is today. */
type StatsDeps = Pick<Deps, "store" | "clock">;

export function dashboardStats(deps: StatsDeps) {
  const today = utcDay(deps.clock());
  return deps.store.read(function* (db) {
    const values = new Map((yield* db.insights.counters()).map((c) => [c.name, c.value]));
    const [todayRow] = yield* db.insights.days(today, today);
    return {
      totalUsers: values.get("total_users") ?? 0,
      verifiedJoins: values.get("verified_joins") ?? 0,
      activeToday: todayRow?.activeUsers ?? 0,
      pendingWithdrawals: yield* db.withdrawals.countByStatus("pending"),
    };
  });
}

export function taskStats(deps: Pick<Deps, "store">): Promise<Task[]> {
  return deps.store.read((db) => db.insights.tasksByCompletions());
}

export type ActivityPoint = { day: string; activity: number; registrations: number; completions: number };

/** Seven daily points ending today, or eight weekly points (keyed by Monday) ending this week. */
export async function activityStats(deps: StatsDeps, range: "daily" | "weekly"): Promise<ActivityPoint[]> {
  const today = utcDay(deps.clock());
  const first = range === "daily" ? addDays(today, -6) : addDays(weekStart(today), -7 * 7);
  const rows = await deps.store.read((db) => db.insights.days(first, today));
  const keys = Array.from({ length: range === "daily" ? 7 : 8 }, (_, i) => addDays(first, range === "daily" ? i : 7 * i));
  const points = new Map<string, ActivityPoint>(keys.map((day) => [day, { day, activity: 0, registrations: 0, completions: 0 }]));
  for (const row of rows) {
    const point = points.get(range === "daily" ? row.day : weekStart(row.day));
    if (!point) continue;
    point.activity += row.activeUsers;
    point.registrations += row.registrations;
    point.completions += row.completions;
  }
  return [...points.values()];
}

/** The latest `limit` audit entries that pass `filter`, newest first. */
export function auditLog(deps: Pick<Deps, "store">, limit: number, filter: AuditFilter = {}): Promise<AuditLogRow[]> {
  return deps.store.read((db) => db.audit.list(limit, filter));
}

/** Every admin account, oldest first: the choices of the audit log's filter by admin. */
export function auditAdmins(deps: Pick<Deps, "store">): Promise<AuditAdmin[]> {
  return deps.store.read((db) => db.audit.admins());
}
