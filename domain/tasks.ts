// Tasks and their completion. A completion is one insert guarded by a unique index, so a repeat
// or a concurrent second call pays nothing. What differs between kinds is in task-kinds.ts.
import type { Task, TaskKind, User } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError, invalid, notFound, suspended } from "./errors.ts";
import { emitting } from "./events.ts";
import { creditCompletion } from "./ledger.ts";
import { confirmQualification, qualifyIfDue } from "./referrals.ts";
import { rules } from "./rules.ts";
import type { Program, Store } from "./store.ts";
import { hasLink, linkRules, periodOf, taskKindRules } from "./task-kinds.ts";
import { linkProgress, notClaimable, recordOpen } from "./task-opens.ts";
import { derivedForUser } from "./users.ts";
import { addDays, utcDay } from "./time.ts";

type TaskDeps = Pick<Deps, "store" | "clock" | "caches">;

export async function getTask(deps: Pick<Deps, "store">, id: number): Promise<Task> {
  const task = await deps.store.read((db) => db.tasks.byId(id));
  if (!task) throw notFound(`Task ${id}`);
  return task;
}

export function listTasks(deps: Pick<Deps, "store">): Promise<Task[]> {
  return deps.store.read((db) => db.tasks.all());
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

export async function createTask(deps: TaskDeps, input: TaskInput): Promise<Task> {
  return deps.store.transaction(taskCreation(input, deps.clock()));
}

export function taskCreation(input: TaskInput, now: Date): Program<Task> {
  const { url, waitSeconds, ...rest } = input;
  const task = { ...rest, ...linkFields(input.kind, { url, waitSeconds }), createdAt: now };
  return (db) => db.tasks.insert(task);
}

export async function updateTask(deps: Pick<Deps, "store">, id: number, patch: Partial<TaskInput>): Promise<Task> {
  if (Object.keys(patch).length === 0) throw invalid("body", "send at least one of kind, title, description, rewardUsdt, isActive, url, waitSeconds");
  return deps.store.transaction(function* (db) {
    const had = yield* db.tasks.byId(id);
    if (!had) throw notFound(`Task ${id}`);
    const { url, waitSeconds, ...rest } = patch;
    const link = linkFields(patch.kind ?? had.kind, { url, waitSeconds }, had);
    return (yield* db.tasks.update(id, { ...rest, ...link }))!;
  });
}

/**
 * The active tasks, the same for every user, kept between requests and read again only after the
 * store reports a change to them; what is read while a change may be under way is served but not
 * kept. One per store, made where the dependencies are built (caches.ts). A completion's count is
 * no such change, on either engine: every completion adds to it, and heard it would drop the tasks
 * and every user's kept list at each one. The users' lists show the count as it was when the
 * tasks were read; the admin's lists and the CLI read the tasks afresh.
 */
export type ActiveTaskCache = { tasks: readonly Task[] | undefined; generation: number };

export function activeTaskCache(store: Store): ActiveTaskCache {
  const cache: ActiveTaskCache = { tasks: undefined, generation: 0 };
  store.changes.onTasks(() => {
    cache.generation++;
    cache.tasks = undefined;
  });
  return cache;
}

async function activeTasks({ store, caches }: Pick<Deps, "store" | "caches">): Promise<readonly Task[]> {
  const cache = caches.tasks;
  store.changes.poll();
  if (cache.tasks) return cache.tasks;
  const generation = cache.generation;
  const settled = store.changes.settled();
  const active = await store.read((db) => db.tasks.active());
  if (settled && generation === cache.generation) cache.tasks = active;
  return active;
}

/** Active tasks with the user's completion flags and, for link tasks, when they opened it. */
export async function activeTasksFor(deps: TaskDeps, userId: number) {
  const now = deps.clock();
  const today = utcDay(now);
  const active = await activeTasks(deps);
  // Opens matter only while a link task is active; the key says whether they were read.
  const links = active.some((task) => hasLink(task.kind));
  // Asked on every open of the task list. A completion and a first open always update the user's
  // row in their transaction (completeTask, recordOpen), which is what lets the answer be kept
  // with the user.
  const mine = await derivedForUser(deps, userId, `tasks:${today}:${links}`, () => deps.store.read((db) => db.tasks.progress(userId, today, links)));
  return active.map((task) => {
    const period = periodOf(task.kind, today);
    const completed = mine.done.some((d) => d.taskId === task.id && d.day === period);
    const open = mine.opened.find((o) => o.taskId === task.id && o.period === period);
    const progress = open && hasLink(task.kind) ? linkProgress(task, open.openedAt, now) : undefined;
    return {
      task,
      isCompleted: completed,
      completedToday: completed && taskKindRules[task.kind].period === "daily",
      openedAt: progress?.openedAt ?? null,
      claimableAt: progress?.claimableAt ?? null,
    };
  });
}

/**
 * The task, if this user may act on it now. An active task is taken from the ones the process
 * keeps (activeTasks), read again after a change to any task; a task not among them is read by
 * id, which tells an inactive task from a missing one. A user known to be banned is told at once;
 * a ban committed since the user was read is caught by the completion's own write.
 */
async function workableTask(deps: Pick<Deps, "store" | "caches">, user: User, taskId: number): Promise<Task> {
  if (user.isBanned) throw suspended();
  const task = (await activeTasks(deps)).find((t) => t.id === taskId) ?? (await getTask(deps, taskId));
  if (!task.isActive) throw new AppError("TASK_INACTIVE", "This task is not available");
  return task;
}

const completedIn = (deps: Pick<Deps, "store">, userId: number, taskId: number, period: string) =>
  deps.store.read((db) => db.tasks.completedIn(userId, taskId, period));

/** Records that the user opened a link task's link now, or keeps the first time they did. */
export async function openTask(deps: TaskDeps, user: User, taskId: number) {
  const task = await workableTask(deps, user, taskId);
  if (!hasLink(task.kind)) throw new AppError("NOT_LINK_TASK", "This task has no link to open: complete it directly");
  const now = deps.clock();
  const opened = await recordOpen(deps, user.id, task.id, periodOf(task.kind, utcDay(now)), now);
  return { task, ...linkProgress(task, opened, now) };
}

/**
 * The completion is done whatever Telegram answers: a referral that could not be confirmed now
 * is confirmed at the user's next daily task.
 */
async function confirmQualificationQuietly(deps: CompletionDeps, user: User): Promise<void> {
  try {
    await confirmQualification(deps, user);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "MEMBERSHIP_UNAVAILABLE")) throw error;
  }
}

type CompletionDeps = Pick<Deps, "store" | "clock" | "settings" | "membership" | "caches" | "events" | "tellsUsers">;

export async function completeTask(deps: CompletionDeps, user: User, taskId: number) {
  const task = await workableTask(deps, user, taskId);
  const kindRules = taskKindRules[task.kind];
  const today = utcDay(deps.clock());
  const day = periodOf(task.kind, today);
  const alreadyDone = () =>
    kindRules.period === "daily"
      ? new AppError("ALREADY_COMPLETED", "Task already completed today", {}, { variant: "today" })
      : new AppError("ALREADY_COMPLETED", "Task already completed");

  switch (kindRules.verify) {
    case "none":
      break;
    case "channel membership":
      // Ask Telegram only when it can matter; the unique index below still decides.
      if (await completedIn(deps, user.id, task.id, day)) throw alreadyDone();
      if (!(await deps.membership.isMember(user.tgId))) {
        throw new AppError("NOT_CHANNEL_MEMBER", "Join the channel first, then press Verify Membership again");
      }
      break;
    case "opened link and waited": {
      const opened = await deps.store.read((db) => db.tasks.openedAt(user.id, task.id, day));
      const progress = opened && linkProgress(task, opened, deps.clock());
      if (progress?.secondsLeft !== 0) {
        // A task done before it became a link task is done, opened or not.
        if (await completedIn(deps, user.id, task.id, day)) throw alreadyDone();
        throw notClaimable(progress);
      }
      break;
    }
  }

  const now = deps.clock();
  const settings = deps.settings.current();
  const isDaily = kindRules.period === "daily";
  const isChannel = kindRules.verify === "channel membership";
  // The busiest write of the product, so its commit may be shared (grouped) with others'.
  const { result, unconfirmed } = await emitting(
    deps,
    function* (db, record) {
      const completion = { taskId: task.id, userId: user.id, day, reward: task.reward, at: now };
      const change = { userId: user.id, at: now, today, yesterday: addDays(today, -1), isDaily, isChannel };
      // The completion, its reward and the user's figures are one write, refused as a whole once
      // the user is banned: even unpaid, a completion may qualify a referral and pay its referrer.
      const paid = yield* creditCompletion(db, completion, change, kindRules.reason);
      if (paid === "done already") throw alreadyDone();
      const { before, updated } = paid;
      record({ type: "task_completed", userId: user.id, taskId: task.id, kind: task.kind, reward: task.reward });
      yield* db.tasks.countCompletion(task.id);
      yield* db.counters.bumpDaily(today, "completions");
      if (before.lastActiveDay !== today) yield* db.counters.bumpDaily(today, "activeUsers");
      if (isChannel && !before.channelJoined) yield* db.counters.bump("verified_joins", 1);

      const qualification = yield* qualifyIfDue(db, { ...user, ...updated }, now, {
        memberNow: isChannel,
        settings,
        referralPending: updated.referralPending,
        tellsUsers: deps.tellsUsers,
      }, record);
      // The referral's bonus goes to the referrer: the user's own figures are as the update left them.
      const { balance, currentStreak, lastDailyDay } = updated;
      return { result: { task, reward: task.reward, balance, currentStreak, lastDailyDay }, ...qualification };
    },
    { grouped: true },
  );
  if (unconfirmed) await confirmQualificationQuietly(deps, user);
  return result;
}
