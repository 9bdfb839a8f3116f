import type { ActivityItem } from "../../../api/types.ts";
import { useQuery } from "../../../lib/query.ts";

/** The latest five ledger movements. */
export const useActivity = () => useQuery<ActivityItem[]>("me/activity");
