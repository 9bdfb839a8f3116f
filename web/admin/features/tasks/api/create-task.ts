import type { NewTaskBody } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { TASKS_KEY } from "./keys.ts";

export async function createTask(input: NewTaskBody) {
  const task = await api.post("/api/admin/tasks", { body: input }, { errorTitle: "Failed to create task" });
  await invalidate(TASKS_KEY, "admin/task-stats");
  return task;
}
