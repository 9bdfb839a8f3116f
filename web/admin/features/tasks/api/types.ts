// Task as the admin API answers it (docs/api.md, "Task").
export type TaskKind = "daily_activity" | "follow_channel" | "custom";

export type Task = {
  id: number;
  kind: TaskKind;
  title: string;
  description: string | null;
  rewardUsdt: string;
  isActive: boolean;
  createdAt: string;
  completionCount: number;
};

export const taskKindLabels: Record<TaskKind, string> = {
  daily_activity: "Daily Activity",
  follow_channel: "Follow Channel",
  custom: "Custom",
};

export const TASKS_KEY = "admin/tasks";
