import { api } from "../../../lib/api-client.ts";
import { useQuery } from "../../../lib/query.ts";
import type { ActivityPoint, ActivityRange } from "./types.ts";

/** 7 daily points, or 8 weekly points (day = the week's Monday). */
export const getActivityStats = (range: ActivityRange) =>
  api.get<ActivityPoint[]>("admin/activity-stats", { searchParams: { range }, errorTitle: "Failed to load activity" });

export function useActivityStats(range: ActivityRange) {
  return useQuery(`admin/activity-stats?range=${range}`, () => getActivityStats(range));
}
