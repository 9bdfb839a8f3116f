// Tasks, completions and link opens (PostgreSQL); see db/sqlite/schema/tasks.ts. `day` and `period` stay
// text, not date: one-off tasks use the key "once".
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { taskKinds } from "@/domain/model/tasks.ts";
import { int8, moment, oneOf } from "./columns.ts";
import { users } from "./users.ts";

export const tasks = pgTable(
  "tasks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind", { enum: taskKinds }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    reward: int8("reward").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    // The daily task gains one per active user per day: past int4 within years at a million users.
    completionCount: int8("completion_count").notNull().default(0),
    url: text("url"),
    waitSeconds: integer("wait_seconds").notNull().default(0),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [check("tasks_reward_non_negative", sql`${t.reward} >= 0`), check("tasks_kind_valid", oneOf(t.kind, taskKinds))],
);

/**
 * Completions counted per task in slots (see stats.ts), added to tasks.completion_count (what a
 * copied database brought along) when read: the daily task's row would otherwise be written by
 * every completion of the day.
 */
export const taskCompletionCounts = pgTable(
  "task_completion_counts",
  {
    taskId: integer("task_id").notNull().references(() => tasks.id),
    slot: smallint("slot").notNull(),
    completions: int8("completions").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.slot] })],
);

export const taskCompletions = pgTable(
  "task_completions",
  {
    id: int8("id").primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer("task_id").notNull().references(() => tasks.id),
    userId: integer("user_id").notNull().references(() => users.id),
    day: text("day").notNull(),
    reward: int8("reward").notNull(),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("task_completions_once").on(t.userId, t.taskId, t.day),
    index("task_completions_task_idx").on(t.taskId),
  ],
);

export const taskOpens = pgTable(
  "task_opens",
  {
    userId: integer("user_id").notNull().references(() => users.id),
    taskId: integer("task_id").notNull().references(() => tasks.id),
    period: text("period").notNull(),
    openedAt: moment("opened_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId, t.period] }), index("task_opens_task_idx").on(t.taskId)],
);
