import { api } from "../../../lib/api-client.ts";
import { invalidate } from "../../../lib/query.ts";
import { TASKS_KEY, type Task, type TaskKind } from "./types.ts";

export type TaskInput = { kind: TaskKind; title: string; description: string; rewardUsdt: string; isActive: boolean };

export async function createTask(input: TaskInput): Promise<Task> {
  const task = await api.post<Task>(TASKS_KEY, input, { errorTitle: "Failed to create task" });
  await invalidate(TASKS_KEY, "admin/task-stats");
  return task;
}
