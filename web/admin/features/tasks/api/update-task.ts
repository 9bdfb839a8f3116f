import { api } from "../../../lib/api-client.ts";
import { invalidate } from "../../../lib/query.ts";
import type { TaskInput } from "./create-task.ts";
import { TASKS_KEY, type Task } from "./types.ts";

export async function updateTask(id: number, changes: Partial<TaskInput>): Promise<Task> {
  const task = await api.patch<Task>(`${TASKS_KEY}/${id}`, changes, { errorTitle: "Failed to update task" });
  await invalidate(TASKS_KEY, "admin/task-stats");
  return task;
}
