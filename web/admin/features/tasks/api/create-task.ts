import type { NewTaskBody, TaskDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { TASKS_KEY } from "./keys.ts";

export async function createTask(input: NewTaskBody): Promise<TaskDto> {
  const task = await api.post<TaskDto>(TASKS_KEY, input, { errorTitle: "Failed to create task" });
  await invalidate(TASKS_KEY, "admin/task-stats");
  return task;
}
