// Tasks for the signed-in user, and the leaderboards they see.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import type { Task, User } from "@/domain/model/index.ts";
import { topUsers } from "@/domain/leaderboard.ts";
import { activeTasksFor, completeTask, openTask } from "@/domain/tasks.ts";
import { utcDay, utcDayIndex } from "@/domain/time.ts";
import { remember, rowVersion } from "@/domain/users.ts";
import type { userAuth } from "@/api/plugins/user-auth.ts";
import { idParams, leaderboardParams, leaderboardQuery } from "@/api/schemas.ts";
import { completionView, leaderboardView, taskListAnswers, taskOpenView } from "./tasks.views.ts";

export type ActiveTaskLists = ReturnType<typeof activeTaskLists>;

/** GET /api/tasks/active's answers: each user's list, made once and kept while it stays the same. */
export function activeTaskLists(deps: Deps) {
  const taskList = taskListAnswers();
  // Each user's list, remembered under the version of their row it was made for while the active
  // tasks are the same rows and the UTC day the same: every completion and every first open
  // writes the user's row, so a row of the same version (domain/users.ts: rowVersion) is one
  // whose list has not changed either. The row is read before the list, so a list is never older
  // than the version it is kept under.
  const listed = new Map<number, { version: unknown; day: number; active: readonly Task[]; answer: ReturnType<typeof taskList> }>();
  /** The user's list as it was last made, if it still holds. */
  const kept = (user: User) => {
    // The kept active tasks, as the user's sign-in found them after hearing of every change.
    const known = listed.get(user.id);
    return known && known.version === rowVersion(user) && known.active === deps.caches.tasks.tasks && known.day === utcDayIndex(deps.clock()) ? known.answer : undefined;
  };
  return {
    kept,
    async of(user: User) {
      const known = kept(user);
      if (known) return known;
      const active = deps.caches.tasks.tasks;
      const day = utcDayIndex(deps.clock());
      const answer = taskList(await activeTasksFor(deps, user.id));
      if (active && deps.caches.tasks.tasks === active) remember(listed, user.id, { version: rowVersion(user), day, active, answer });
      return answer;
    },
  };
}

export function userTaskRoutes(deps: Deps, auth: ReturnType<typeof userAuth>, lists: ActiveTaskLists) {
  return new Elysia({ prefix: "/api" })
    .use(auth)
    .get("/tasks/active", ({ user }) => lists.of(user), { user: true })
    .post("/tasks/:id/open", async ({ user, params }) => taskOpenView(await openTask(deps, user, params.id)), { user: true, params: idParams })
    .post("/tasks/:id/complete", async ({ user, params }) => completionView(await completeTask(deps, user, params.id), utcDay(deps.clock())), { user: true, params: idParams })
    .get("/leaderboard/:category", async ({ params, query }) => (await topUsers(deps, params.category, query.limit)).map(leaderboardView(params.category, utcDay(deps.clock()))), {
      user: true,
      params: leaderboardParams,
      query: leaderboardQuery(10),
    });
}
