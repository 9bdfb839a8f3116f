// The statements tasks, their completion and link opens (tasks.ts, task-opens.ts) need.
import type { Task } from "@/db/schema/index.ts";
import type { Op } from "@/domain/store.ts";
import type { BalanceChange, LedgerRow } from "./ledger.ts";

export type NewTask = Pick<Task, "kind" | "title" | "description" | "reward" | "isActive" | "url" | "waitSeconds" | "createdAt">;

/** The user's completions and link opens in today's period and the "once" period. */
export type UserTaskProgress = {
  done: { taskId: number; day: string }[];
  opened: { taskId: number; period: string; openedAt: Date }[];
};

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

/** A paid completion written: its id, the figures before it (as beforeCompletion) and after. */
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
  /** The completion's id, or undefined when this period has one already (a unique index decides). */
  insertCompletion(c: NewCompletion): Op<number | undefined>;
  /** The user's figures before a completion: the last active day and whether they joined the channel. */
  beforeCompletion(userId: number): Op<{ lastActiveDay: string | null; channelJoined: boolean }>;
  /**
   * Counts the completion on the user (tasks, streak, daily tasks, channel): the figures after; or
   * undefined, writing nothing, when the user is banned, as a completion is the user's own doing.
   */
  applyCompletion(c: CompletionChange): Op<CompletedFigures | undefined>;
  /**
   * A paying completion in one statement: insertCompletion, then applyCompletion with the credit
   * of its reward (the ledger's addToBalance and its row, `entry`, whose ref is the completion),
   * writing the user's row once, with the figures beforeCompletion answers as they were before it.
   * "done already", and nothing written, when the period has a completion (a unique index
   * decides); undefined when the credit is refused (past its limit, or, with its unlessBanned,
   * the user banned), the completion row then written all the same,
   * for the caller's transaction to roll back (creditWith throws).
   */
  insertPaidCompletion(completion: NewCompletion, c: CompletionChange, credit: BalanceChange, entry: Omit<LedgerRow, "refId">): Op<PaidCompletion | "done already" | undefined>;
  countCompletion(taskId: number): Op<void>;
};
