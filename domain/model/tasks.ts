// Tasks users complete for a reward, each completion, and when a user opened a link task. What
// each kind means is in domain/task-kinds.ts.

export const taskKinds = ["daily_activity", "follow_channel", "custom", "link"] as const;
export type TaskKind = (typeof taskKinds)[number];

export type Task = {
  id: number;
  kind: TaskKind;
  title: string;
  description: string;
  reward: number;
  isActive: boolean;
  completionCount: number;
  /** The page a link task opens; null for the other kinds. */
  url: string | null;
  /** How long after opening its link a link task can be claimed; 0 for the other kinds. */
  waitSeconds: number;
  createdAt: Date;
};

/** `day` is the UTC day for daily tasks and "once" for the others: one completion per period. */
export type TaskCompletion = {
  id: number;
  taskId: number;
  userId: number;
  day: string;
  reward: number;
  createdAt: Date;
};

/** When a user first opened a link task's link, per completion period. */
export type TaskOpen = {
  userId: number;
  taskId: number;
  period: string;
  openedAt: Date;
};
