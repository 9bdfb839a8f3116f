// How the signed-in user's tasks and the leaderboards look: amounts as exact decimal strings,
// streaks resolved for `today` (a UTC day the route reads off the clock).
import type { Task, User } from "@/domain/model/index.ts";
import type { LeaderboardCategory } from "@/domain/leaderboard.ts";
import { formatUsdt } from "@/domain/money.ts";
import type { completeTask, openTask } from "@/domain/tasks.ts";
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
