// Dashboard figures, read from counters kept up to date by the writes themselves.
import { asc, desc, eq, gte, lte, and } from "@/db/ops.ts";
import { adminAudit, admins, counters, dailyStats, tasks } from "@/db/schema/index.ts";
import type { Deps } from "./context.ts";
import { addDays, utcDay, weekStart } from "./time.ts";
import { pendingWithdrawalCount } from "./withdrawals.ts";

export async function dashboardStats(deps: Deps) {
  const today = utcDay(deps.clock());
  const values = new Map(deps.db.select().from(counters).all().map((c) => [c.name, c.value]));
  const todayRow = deps.db.select().from(dailyStats).where(eq(dailyStats.day, today)).get();
  return {
    totalUsers: values.get("total_users") ?? 0,
    verifiedJoins: values.get("verified_joins") ?? 0,
    activeToday: todayRow?.activeUsers ?? 0,
    pendingWithdrawals: await pendingWithdrawalCount(deps),
  };
}

export function taskStats(deps: Deps) {
  return deps.db.select().from(tasks).orderBy(desc(tasks.completionCount), asc(tasks.id)).all();
}

export type ActivityPoint = { day: string; activity: number; registrations: number; completions: number };

/** Seven daily points ending today, or eight weekly points (keyed by Monday) ending this week. */
export function activityStats(deps: Deps, range: "daily" | "weekly"): ActivityPoint[] {
  const today = utcDay(deps.clock());
  const first = range === "daily" ? addDays(today, -6) : addDays(weekStart(today), -7 * 7);
  const rows = deps.db
    .select()
    .from(dailyStats)
    .where(and(gte(dailyStats.day, first), lte(dailyStats.day, today)))
    .all();
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

export function auditLog(deps: Deps, limit: number) {
  return deps.db
    .select({
      id: adminAudit.id,
      adminId: adminAudit.adminId,
      adminEmail: admins.email,
      action: adminAudit.action,
      targetType: adminAudit.targetType,
      targetId: adminAudit.targetId,
      detail: adminAudit.detail,
      createdAt: adminAudit.createdAt,
    })
    .from(adminAudit)
    .leftJoin(admins, eq(admins.id, adminAudit.adminId))
    .orderBy(desc(adminAudit.id))
    .limit(limit)
    .all();
}
