// How the signed-in user's tasks and the leaderboards look: amounts as exact decimal strings,
// streaks resolved for `today` (a UTC day the route reads off the clock).
import { JsonAnswer } from "@/api/plugins/compress-json.ts";
import type { Task, User } from "@/domain/model/index.ts";
import type { LeaderboardCategory } from "@/domain/leaderboard.ts";
import { formatUsdt } from "@/domain/money.ts";
import type { activeTasksFor, completeTask, openTask } from "@/domain/tasks.ts";
import { effectiveStreak } from "@/domain/users.ts";
import { taskView } from "./admin-tasks.views.ts";

// Types flow from here to contract.ts, never back, so this file states its one JSON shape itself.
type TaskJson = Omit<ReturnType<typeof taskView>, "createdAt"> & { createdAt: string };

/** taskView with the date already in its JSON form. */
export const taskJsonView = (t: Task): TaskJson => ({ ...taskView(t), createdAt: t.createdAt.toISOString() });

/**
 * taskJsonView remembered per task row, for one app: the active tasks are the same row objects
 * from one request to the next until a task changes (activeTasksFor), and turning a Date into
 * JSON costs more than the rest of a task list answer. Keyed weakly, so a changed task's old
 * row goes with it.
 */
export function taskJsonMemo(): (t: Task) => TaskJson {
  const views = new WeakMap<Task, TaskJson>();
  return (t) => {
    let view = views.get(t);
    if (!view) views.set(t, (view = taskJsonView(t)));
    return view;
  };
}

type ActiveTask = Awaited<ReturnType<typeof activeTasksFor>>[number];
/** The task list as the signed-in user sees it: each active task with their flags. */
type TaskListJson = (TaskJson & Omit<ActiveTask, "task">)[];

/**
 * The task list serialized, remembered for one app per combination of flags over the same active
 * task rows: users see one of a few lists (each task done or not, done today or not), each made
 * and, when large, compressed once instead of on every request. A list holding a link task the
 * user opened carries that user's own times, and is made for them alone. All are dropped when the
 * active tasks change (a new row for any of them).
 */
export function taskListAnswers(): (tasks: ActiveTask[]) => JsonAnswer<TaskListJson> {
  const taskJson = taskJsonMemo();
  const made = (tasks: ActiveTask[]) => new JsonAnswer<TaskListJson>(JSON.stringify(tasks.map(({ task, ...flags }) => ({ ...taskJson(task), ...flags }))));
  let rows: Task[] = [];
  const kept = new Map<string, JsonAnswer<TaskListJson>>();
  return (tasks) => {
    if (tasks.length !== rows.length || tasks.some(({ task }, i) => task !== rows[i])) {
      kept.clear();
      rows = tasks.map(({ task }) => task);
    }
    let flags = "";
    for (const { isCompleted, completedToday, openedAt } of tasks) {
      if (openedAt !== null) return made(tasks);
      flags += completedToday ? "2" : isCompleted ? "1" : "0";
    }
    let answer = kept.get(flags);
    if (!answer) {
      // Lists are as many as the combinations users are in, a handful; this bounds a strange day.
      if (kept.size >= 256) kept.clear();
      kept.set(flags, (answer = made(tasks)));
    }
    return answer;
  };
}

/** What a completion answers: the reward paid, the balance and streak after it, and the task. */
export const completionView = (done: Awaited<ReturnType<typeof completeTask>>, today: string) => ({
  reward: formatUsdt(done.reward),
  balance: formatUsdt(done.balance),
  streak: effectiveStreak(done, today),
  task: taskView(done.task),
});

/** What opening a link task answers: when it counts as opened and when its reward can be claimed. */
export const taskOpenView = (o: Awaited<ReturnType<typeof openTask>>) => ({
  taskId: o.task.id,
  openedAt: o.openedAt,
  claimableAt: o.claimableAt,
  secondsLeft: o.secondsLeft,
});

/** A ranking's entries as the mini app and the admin panel both show them: each category with its own figures. */
export const leaderboardView = (category: LeaderboardCategory, today: string) => (u: User & { rank: number }) => {
  const base = { id: u.id, firstName: u.firstName, username: u.username, tgId: u.tgId, rank: u.rank };
  if (category === "earnings") return { ...base, balance: formatUsdt(u.balance), totalEarned: formatUsdt(u.totalEarned) };
  if (category === "referrals") return { ...base, referralCount: u.qualifiedReferrals };
  return { ...base, taskCount: u.tasksCompleted, currentStreak: effectiveStreak(u, today) };
};
