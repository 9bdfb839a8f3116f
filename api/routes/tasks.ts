// Tasks for the signed-in user, and the leaderboards they see.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import type { Task, User } from "@/domain/model/index.ts";
import { topUsers } from "@/domain/leaderboard.ts";
import { activeTasksFor, completeTask, openTask } from "@/domain/tasks.ts";
import { utcDay, utcDayIndex } from "@/domain/time.ts";
import type { userAuth } from "@/api/plugins/user-auth.ts";
import { idParams, leaderboardParams, leaderboardQuery } from "@/api/schemas.ts";
import { completionView, leaderboardView, taskListAnswers, taskOpenView } from "./tasks.views.ts";

export function userTaskRoutes(deps: Deps, auth: ReturnType<typeof userAuth>) {
  const taskList = taskListAnswers();
  // Each user's list, remembered with their row while the active tasks are the same rows and the
  // UTC day the same: every completion and every first open writes the user's row, so a kept row
  // (domain/users.ts) is one whose list has not changed either.
  const listed = new WeakMap<User, { day: number; active: readonly Task[]; answer: ReturnType<typeof taskList> }>();
  const activeList = async (user: User) => {
    const day = utcDayIndex(deps.clock());
    // The kept active tasks, as the user's sign-in found them after hearing of every change.
    const active = deps.caches.tasks.tasks;
    const known = listed.get(user);
    if (known && known.active === active && known.day === day) return known.answer;
    const answer = taskList(await activeTasksFor(deps, user.id));
    if (deps.store.changes.keepsUsers && active && deps.caches.tasks.tasks === active) listed.set(user, { day, active, answer });
    return answer;
  };
  return new Elysia({ prefix: "/api" })
    .use(auth)
    .get("/tasks/active", ({ user }) => activeList(user), { user: true })
    .post("/tasks/:id/open", async ({ user, params }) => taskOpenView(await openTask(deps, user, params.id)), { user: true, params: idParams })
    .post("/tasks/:id/complete", async ({ user, params }) => completionView(await completeTask(deps, user, params.id), utcDay(deps.clock())), { user: true, params: idParams })
    .get("/leaderboard/:category", async ({ params, query }) => (await topUsers(deps, params.category, query.limit)).map(leaderboardView(params.category, utcDay(deps.clock()))), {
      user: true,
      params: leaderboardParams,
      query: leaderboardQuery(10),
    });
}
