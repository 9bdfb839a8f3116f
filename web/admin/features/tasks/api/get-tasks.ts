import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { TASKS_KEY } from "./keys.ts";

export const getTasks = () => api.get("/api/admin/tasks", {}, { errorTitle: "Failed to load tasks" });

export function useTasks() {
  return useQuery(TASKS_KEY, getTasks);
}
