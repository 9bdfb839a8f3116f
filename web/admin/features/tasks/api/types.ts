// Task as the admin API answers it, from the server's own contract.
import type { TaskDto, TaskKind } from "../../../../../api/contract.ts";

export type { TaskKind };
export type Task = TaskDto;

export const TASKS_KEY = "admin/tasks";
