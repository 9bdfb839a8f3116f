import type { TaskChangesBody } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { TASKS_KEY } from "./keys.ts";

export async function updateTask(id: number, changes: TaskChangesBody) {
  const task = await api.patch("/api/admin/tasks/:id", { params: { id }, body: changes }, { errorTitle: "Failed to update task" });
  await invalidate(TASKS_KEY, "admin/task-stats");
  return task;
}
