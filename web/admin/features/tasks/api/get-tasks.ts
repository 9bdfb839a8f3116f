import type { TaskDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { TASKS_KEY } from "./keys.ts";

export const getTasks = () => api.get<TaskDto[]>(TASKS_KEY, { errorTitle: "Failed to load tasks" });

export function useTasks() {
  return useQuery(TASKS_KEY, getTasks);
}
