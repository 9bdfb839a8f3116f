// The statements tasks and link opens (tasks.ts, task-opens.ts) need, and the shapes of a
// completion, which the ledger writes with its reward (statements/ledger.ts: creditCompletion).
import type { Task } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type NewTask = Pick<Task, "kind" | "title" | "description" | "reward" | "isActive" | "url" | "waitSeconds" | "createdAt">;

/** The user's completions and link opens in today's period and the "once" period. */
export type UserTaskProgress = {
  done: { taskId: number; day: string }[];
  opened: { taskId: number; period: string; openedAt: Date }[];
};

/** What a completion changes on the user's row: its time, today and yesterday, and the task's kind. */
export type CompletionChange = { userId: number; at: Date; today: string; yesterday: string; isDaily: boolean; isChannel: boolean };

/**
 * The user's figures after a completion: what the rules go on with (with whether the user was
 * referred by someone and that referral has not qualified yet), and what the user is told.
 */
export type CompletedFigures = {
  channelJoined: boolean;
  dailyTasksCompleted: number;
  referralPending: boolean;
  balance: number;
  currentStreak: number;
  lastDailyDay: string | null;
};

export type NewCompletion = { taskId: number; userId: number; day: string; reward: number; at: Date };

/**
 * A completion written with its credit (the ledger's creditCompletion): its id, the user's last
 * active day and channel flag before it, and the figures after.
 */
export type PaidCompletion = {
  completionId: number;
  before: { lastActiveDay: string | null; channelJoined: boolean };
  updated: CompletedFigures;
};

export type TaskStatements = {
  byId(id: number): Op<Task | undefined>;
  all(): Op<Task[]>;
  active(): Op<Task[]>;
  insert(task: NewTask): Op<Task>;
  update(id: number, set: Partial<NewTask>): Op<Task | undefined>;
  completedIn(userId: number, taskId: number, period: string): Op<boolean>;
  progress(userId: number, today: string, withOpens: boolean): Op<UserTaskProgress>;
  openedAt(userId: number, taskId: number, period: string): Op<Date | undefined>;
  /** Records the open unless the period has one: the open that counts, and whether it is this one. */
  recordOpen(userId: number, taskId: number, period: string, at: Date): Op<{ openedAt: Date; first: boolean }>;
  /** A user's activity that changes no figure (a link opened), so their cached rows are dropped. */
  touchUser(userId: number, at: Date): Op<void>;
  countCompletion(taskId: number): Op<void>;
};
