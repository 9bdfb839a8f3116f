// Tasks users complete for a reward, the record of each completion, and when a user opened a link
// task. The unique index on completions is what makes a completion idempotent: `day` is the UTC
// day for daily tasks and "once" for the others, so a second completion of the same period cannot
// be inserted. What each kind means is in domain/task-kinds.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";
import { taskKinds } from "@/domain/model/tasks.ts";

export const tasks = sqliteTable(
  "tasks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: taskKinds }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    reward: integer("reward").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    completionCount: integer("completion_count").notNull().default(0),
    /** The page a link task opens; null for the other kinds. */
    url: text("url"),
    /** How long after opening its link a link task can be claimed; 0 for the other kinds. */
    waitSeconds: integer("wait_seconds").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [check("tasks_reward_non_negative", sql`${t.reward} >= 0`)],
);

export const taskCompletions = sqliteTable(
  "task_completions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    taskId: integer("task_id").notNull().references(() => tasks.id),
    userId: integer("user_id").notNull().references(() => users.id),
    day: text("day").notNull(),
    reward: integer("reward").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("task_completions_once").on(t.userId, t.taskId, t.day),
    index("task_completions_task_idx").on(t.taskId),
  ],
);

/**
 * When a user first opened a link task's link, per completion period (as in completions), so a
 * claim can be held back until the task's wait has passed. The key keeps the first open.
 */
export const taskOpens = sqliteTable(
  "task_opens",
  {
    userId: integer("user_id").notNull().references(() => users.id),
    taskId: integer("task_id").notNull().references(() => tasks.id),
    period: text("period").notNull(),
    openedAt: integer("opened_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId, t.period] }), index("task_opens_task_idx").on(t.taskId)],
);
