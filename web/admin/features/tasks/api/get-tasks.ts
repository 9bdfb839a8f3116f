import { api } from "../../../lib/api-client.ts";
import { useQuery } from "../../../lib/query.ts";
import { TASKS_KEY, type Task } from "./types.ts";

export const getTasks = () => api.get<Task[]>(TASKS_KEY, { errorTitle: "Failed to load tasks" });

export function useTasks() {
  return useQuery(TASKS_KEY, getTasks);
}
