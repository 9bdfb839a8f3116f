// Tasks and their completion. A completion is one insert guarded by a unique index, so a repeat
// or a concurrent second call pays nothing. What differs between kinds is in task-kinds.ts.
import { and, asc, eq } from "@/db/ops.ts";
import { taskCompletions, tasks, type Task, type TaskKind, type User } from "@/db/schema/index.ts";
import { prepared } from "@/db/prepared.ts";
import { commitsElsewhere } from "@/db/row-changes.ts";
import { rowReader } from "@/db/row-reader.ts";
import { connectionOf, inTransaction, ledgerIn, type Deps } from "./context.ts";
import { runNow } from "./store.ts";
import { bumpCounter, bumpDaily } from "./counters.ts";
import { AppError, invalid, notFound } from "./errors.ts";
import { credit } from "./ledger.ts";
import { qualifyIfDue } from "./referrals.ts";
import { rules } from "./rules.ts";
import { hasLink, linkRules, periodOf, taskKindRules } from "./task-kinds.ts";
import { linkProgress, notClaimable, openedAt, recordOpen } from "./task-opens.ts";
import { derivedForUser } from "./users.ts";
import { groupCommit } from "./write-queue.ts";
import { addDays, utcDay } from "./time.ts";

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

export type TaskInput = Pick<Task, "kind" | "title" | "description" | "reward" | "isActive"> & Partial<Pick<Task, "url" | "waitSeconds">>;

type LinkInput = Pick<TaskInput, "url" | "waitSeconds">;

/**
 * The URL and wait a task of `kind` stores, from what was sent and what the task `had`. A link
 * task needs a URL; another kind has none, so one sent with it is refused, and a task whose kind
 * changes away from link drops its own.
 */
function linkFields(kind: TaskKind, sent: LinkInput, had?: Task): { url: string | null; waitSeconds: number } {
  if (!hasLink(kind)) {
    if (sent.url != null) throw invalid("url", "only link tasks have a URL");
    if (sent.waitSeconds) throw invalid("waitSeconds", "only link tasks have a wait");
    return { url: null, waitSeconds: 0 };
  }
  const kept = had && hasLink(had.kind) ? had : undefined;
  const url = sent.url === undefined ? kept?.url : sent.url?.trim();
  if (!url) throw invalid("url", "is required for a link task");
  const urlProblem = linkRules.urlProblem(url);
  if (urlProblem) throw invalid("url", urlProblem);
  const waitSeconds = sent.waitSeconds ?? kept?.waitSeconds ?? rules.defaultLinkWaitSeconds;
  const waitProblem = linkRules.waitProblem(waitSeconds);
  if (waitProblem) throw invalid("waitSeconds", waitProblem);
  return { url, waitSeconds };
}

export function createTask(deps: Deps, input: TaskInput): Task {
  const { url, waitSeconds, ...rest } = input;
  return deps.db
    .insert(tasks)
    .values({ ...rest, ...linkFields(input.kind, { url, waitSeconds }), createdAt: deps.clock() })
    .returning()
    .get();
}

export function updateTask(deps: Deps, id: number, patch: Partial<TaskInput>): Task {
  if (Object.keys(patch).length === 0) throw invalid("body", "send at least one of kind, title, description, rewardUsdt, isActive, url, waitSeconds");
  return inTransaction(deps.db, (tx) => {
    const had = tx.select().from(tasks).where(eq(tasks.id, id)).get();
    if (!had) throw notFound(`Task ${id}`);
    const { url, waitSeconds, ...rest } = patch;
    const link = linkFields(patch.kind ?? had.kind, { url, waitSeconds }, had);
    return tx.update(tasks).set({ ...rest, ...link }).where(eq(tasks.id, id)).returning().get()!;
  });
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

/** Active tasks with the user's completion flags and, for link tasks, when they opened it. */
export function activeTasksFor(deps: Deps, userId: number) {
  const now = deps.clock();
  const today = utcDay(now);
  const active = activeTasks(deps);
  // Opens matter only while a link task is active; the key says whether they were read.
  const links = active.some((task) => hasLink(task.kind));
  // Asked on every open of the task list. A completion and a first open always update the user's
  // row in their transaction (completeTask, recordOpen), which is what lets the answer be kept
  // with the user.
  const mine = derivedForUser(deps, userId, `tasks:${today}:${links}`, () => ({
    done: deps.db.$client
      .query<{ taskId: number; day: string }, [number, string]>("select task_id as taskId, day from task_completions where user_id = ? and day in (?, 'once')")
      .all(userId, today),
    opened: links
      ? deps.db.$client
          .query<{ taskId: number; period: string; openedAt: number }, [number, string]>(
            "select task_id as taskId, period, opened_at as openedAt from task_opens where user_id = ? and period in (?, 'once')",
          )
          .all(userId, today)
      : [],
  }));
  return active.map((task) => {
    const period = periodOf(task.kind, today);
    const completed = mine.done.some((d) => d.taskId === task.id && d.day === period);
    const open = mine.opened.find((o) => o.taskId === task.id && o.period === period);
    const progress = open && hasLink(task.kind) ? linkProgress(task, new Date(open.openedAt), now) : undefined;
    return {
      task,
      isCompleted: completed,
      completedToday: completed && taskKindRules[task.kind].period === "daily",
      openedAt: progress?.openedAt ?? null,
      claimableAt: progress?.claimableAt ?? null,
    };
  });
}

/** The task, if this user may act on it now. */
function workableTask(deps: Deps, user: User, taskId: number): Task {
  if (user.isBanned) throw new AppError("USER_BANNED", "Your account is suspended");
  const task = getTask(deps, taskId);
  if (!task.isActive) throw new AppError("TASK_INACTIVE", "This task is not available");
  return task;
}

function completedIn(deps: Deps, userId: number, taskId: number, period: string): boolean {
  return Boolean(
    deps.db
      .select({ id: taskCompletions.id })
      .from(taskCompletions)
      .where(and(eq(taskCompletions.userId, userId), eq(taskCompletions.taskId, taskId), eq(taskCompletions.day, period)))
      .get(),
  );
}

/** Records that the user opened a link task's link now, or keeps the first time they did. */
export function openTask(deps: Deps, user: User, taskId: number) {
  const task = workableTask(deps, user, taskId);
  if (!hasLink(task.kind)) throw new AppError("NOT_LINK_TASK", "This task has no link to open: complete it directly");
  const now = deps.clock();
  const opened = recordOpen(deps, user.id, task.id, periodOf(task.kind, utcDay(now)), now);
  return { task, ...linkProgress(task, opened, now) };
}

export async function completeTask(deps: Deps, user: User, taskId: number) {
  const task = workableTask(deps, user, taskId);
  const kind = taskKindRules[task.kind];
  const today = utcDay(deps.clock());
  const day = periodOf(task.kind, today);
  const alreadyDone = () => new AppError("ALREADY_COMPLETED", kind.period === "daily" ? "Task already completed today" : "Task already completed");

  switch (kind.verify) {
    case "none":
      break;
    case "channel membership":
      // Ask Telegram only when it can matter; the unique index below still decides.
      if (completedIn(deps, user.id, task.id, day)) throw alreadyDone();
      if (!(await deps.membership.isMember(user.tgId))) {
        throw new AppError("NOT_CHANNEL_MEMBER", "Join the channel first, then press Verify Membership again");
      }
      break;
    case "opened link and waited": {
      const opened = openedAt(deps, user.id, task.id, day);
      const progress = opened && linkProgress(task, opened, deps.clock());
      if (progress?.secondsLeft !== 0) {
        // A task done before it became a link task is done, opened or not.
        if (completedIn(deps, user.id, task.id, day)) throw alreadyDone();
        throw notClaimable(progress);
      }
      break;
    }
  }

  const now = deps.clock();
  const isDaily = kind.period === "daily";
  const isChannel = kind.verify === "channel membership";
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
      runNow(credit(ledgerIn(tx), { userId: user.id, amount: task.reward, reason: kind.reason, refId: inserted.id, at: now }));
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
