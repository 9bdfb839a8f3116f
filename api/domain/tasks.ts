// Tasks and their completion. A completion is one insert guarded by a unique index, so a repeat
// or a concurrent second call pays nothing.
import { and, asc, eq } from "../../db/ops.ts";
import { taskCompletions, tasks, type LedgerReason, type Task, type TaskKind, type User } from "../../db/schema/index.ts";
import { prepared } from "../../db/prepared.ts";
import { commitsElsewhere } from "../../db/row-changes.ts";
import { rowReader } from "../../db/row-reader.ts";
import { connectionOf, type Deps } from "./context.ts";
import { bumpCounter, bumpDaily } from "./counters.ts";
import { AppError, invalid, notFound } from "./errors.ts";
import { credit } from "./ledger.ts";
import { qualifyIfDue } from "./referrals.ts";
import { derivedForUser } from "./users.ts";
import { groupCommit } from "./write-queue.ts";
import { addDays, utcDay } from "./time.ts";

const rewardReason: Record<TaskKind, LedgerReason> = {
  daily_activity: "daily_task",
  follow_channel: "follow_channel",
  custom: "custom_task",
};

/** The completion period: the UTC day for daily tasks, a single period for the rest. */
function periodOf(kind: TaskKind, today: string): string {
  return kind === "daily_activity" ? today : "once";
}

const taskRow = rowReader(tasks);

/** Read on every completion, so with plain SQL (see row-reader.ts). */
export function getTask(deps: Deps, id: number): Task {
  const task = taskRow.read(deps.db.$client.query<unknown[], [number]>(`select ${taskRow.select} from tasks where id = ?`).values(id)[0]);
  if (!task) throw notFound(`Task ${id}`);
  return task;
}

export function listTasks(deps: Deps): Task[] {
  return deps.db.select().from(tasks).orderBy(asc(tasks.id)).all();
}

export type TaskInput = Pick<Task, "kind" | "title" | "description" | "reward" | "isActive">;

export function createTask(deps: Deps, input: TaskInput): Task {
  return deps.db.insert(tasks).values({ ...input, createdAt: deps.clock() }).returning().get();
}

export function updateTask(deps: Deps, id: number, patch: Partial<TaskInput>): Task {
  if (Object.keys(patch).length === 0) throw invalid("body", "send at least one of kind, title, description, rewardUsdt, isActive");
  const task = deps.db.update(tasks).set(patch).where(eq(tasks.id, id)).returning().get();
  if (!task) throw notFound(`Task ${id}`);
  return task;
}

/**
 * The active tasks, the same for every user, read again only after a write: `total_changes()`
 * moves with any write on this connection, commitsElsewhere with another process's. Kept only
 * when read outside a transaction, so nothing that could still roll back is served.
 */
function activeTasks(deps: Deps): readonly Task[] {
  const cache = prepared(deps.db, "activeTasks", (db) => ({
    changes: db.sqlite.prepare<{ n: number }, []>("select total_changes() as n"),
    query: db.select().from(tasks).where(eq(tasks.isActive, true)).orderBy(asc(tasks.id)).prepare(),
    stamp: "",
    tasks: [] as Task[],
  }));
  const stamp = `${cache.changes.get()!.n}:${commitsElsewhere(deps.db)}`;
  if (stamp === cache.stamp) return cache.tasks;
  const active = cache.query.all();
  if (!deps.db.sqlite.inTransaction) Object.assign(cache, { stamp, tasks: active });
  return active;
}

/** Active tasks with the user's completion flags. */
export function activeTasksFor(deps: Deps, userId: number) {
  const today = utcDay(deps.clock());
  // Asked on every open of the task list. A completion always updates the user's row in its
  // transaction (completeTask), which is what lets the answer be kept with the user.
  const done = derivedForUser(deps, userId, `completions:${today}`, () =>
    deps.db.$client
      .query<{ taskId: number; day: string }, [number, string]>("select task_id as taskId, day from task_completions where user_id = ? and day in (?, 'once')")
      .all(userId, today),
  );
  return activeTasks(deps).map((task) => {
    const period = periodOf(task.kind, today);
    const completed = done.some((d) => d.taskId === task.id && d.day === period);
    return { task, isCompleted: completed, completedToday: completed && task.kind === "daily_activity" };
  });
}

export async function completeTask(deps: Deps, user: User, taskId: number) {
  if (user.isBanned) throw new AppError("USER_BANNED", "Your account is suspended");
  const task = getTask(deps, taskId);
  if (!task.isActive) throw new AppError("TASK_INACTIVE", "This task is not available");
  const today = utcDay(deps.clock());
  const day = periodOf(task.kind, today);
  const alreadyDone = () =>
    new AppError("ALREADY_COMPLETED", task.kind === "daily_activity" ? "Task already completed today" : "Task already completed");

  if (task.kind === "follow_channel") {
    // Ask Telegram only when it can matter; the unique index below still decides.
    const done = deps.db
      .select({ id: taskCompletions.id })
      .from(taskCompletions)
      .where(and(eq(taskCompletions.userId, user.id), eq(taskCompletions.taskId, task.id), eq(taskCompletions.day, day)))
      .get();
    if (done) throw alreadyDone();
    if (!(await deps.membership.isMember(user.tgId))) {
      throw new AppError("NOT_CHANNEL_MEMBER", "Join the channel first, then press Verify Membership again");
    }
  }

  const now = deps.clock();
  const isDaily = task.kind === "daily_activity";
  const isChannel = task.kind === "follow_channel";
  // The busiest write of the product: plain SQL compiled once, committed in groups.
  const { result, notices } = await groupCommit(deps.db, (tx) => {
    const conn = connectionOf(tx);
    const inserted = conn
      .query<{ id: number }, [number, number, string, number, number]>(
        "insert into task_completions (task_id, user_id, day, reward, created_at) values (?, ?, ?, ?, ?) on conflict do nothing returning id",
      )
      .get(task.id, user.id, day, task.reward, now.getTime());
    if (!inserted) throw alreadyDone();

    const before = conn
      .query<{ lastActiveDay: string | null; channelJoined: number }, [number]>(
        "select last_active_day as lastActiveDay, channel_joined as channelJoined from users where id = ?",
      )
      .get(user.id)!;
    const updated = conn
      .query<{ channelJoined: number; dailyTasksCompleted: number }, [number, string, string, number, number, number]>(
        `update users set
           tasks_completed = tasks_completed + 1,
           last_activity_at = ?1,
           last_active_day = ?2,
           daily_tasks_completed = daily_tasks_completed + ?4,
           current_streak = case when ?4 = 0 then current_streak when last_daily_day = ?3 then current_streak + 1 else 1 end,
           last_daily_day = case when ?4 = 0 then last_daily_day else ?2 end,
           channel_joined = channel_joined or ?5
         where id = ?6
         returning channel_joined as channelJoined, daily_tasks_completed as dailyTasksCompleted`,
      )
      .get(now.getTime(), today, addDays(today, -1), isDaily ? 1 : 0, isChannel ? 1 : 0, user.id)!;

    if (task.reward > 0) {
      credit(tx, { userId: user.id, amount: task.reward, reason: rewardReason[task.kind], refId: inserted.id, at: now });
    }
    conn.query("update tasks set completion_count = completion_count + 1 where id = ?").run(task.id);
    bumpDaily(tx, today, "completions");
    if (before.lastActiveDay !== today) bumpDaily(tx, today, "activeUsers");
    if (isChannel && !before.channelJoined) bumpCounter(tx, "verified_joins");

    const notices = qualifyIfDue(tx, { ...user, channelJoined: updated.channelJoined === 1, dailyTasksCompleted: updated.dailyTasksCompleted }, now);
    const after = conn
      .query<{ balance: number; currentStreak: number; lastDailyDay: string | null }, [number]>(
        "select balance, current_streak as currentStreak, last_daily_day as lastDailyDay from users where id = ?",
      )
      .get(user.id)!;
    return { result: { task, reward: task.reward, ...after }, notices };
  });
  for (const notice of notices) deps.notifier.notify(notice);
  return result;
}
