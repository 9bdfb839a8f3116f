import type { activityStats } from "@/domain/stats.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

/** "daily" (7 days) or "weekly" (8 weeks), as the server's activity series takes it. */
export type ActivityRange = Parameters<typeof activityStats>[1];

/** 7 daily points, or 8 weekly points (day = the week's Monday). */
export const getActivityStats = (range: ActivityRange) =>
  api.get("/api/admin/activity-stats", { query: { range } }, { errorTitle: "Failed to load activity" });

export function useActivityStats(range: ActivityRange) {
  return useQuery(`admin/activity-stats?range=${range}`, () => getActivityStats(range));
}
