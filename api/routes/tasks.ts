// Tasks for the signed-in user, and the leaderboards they see.
import { Elysia } from "elysia";
import type { Deps } from "../domain/context.ts";
import { formatUsdt } from "../domain/money.ts";
import { activeTasksFor, completeTask } from "../domain/tasks.ts";
import { effectiveStreak } from "../domain/users.ts";
import { utcDay } from "../domain/time.ts";
import type { userAuth } from "../plugins/user-auth.ts";
import { idParams, leaderboardParams, leaderboardQuery } from "../schemas.ts";
import { leaderboardEntries, taskView, taskViewJson } from "../views.ts";

export function userTaskRoutes(deps: Deps, auth: ReturnType<typeof userAuth>) {
  return new Elysia({ prefix: "/api" })
    .use(auth)
    .get(
      "/tasks/active",
      ({ user }) => activeTasksFor(deps, user.id).map(({ task, ...flags }) => ({ ...taskViewJson(task), ...flags })),
      { user: true },
    )
    .post(
      "/tasks/:id/complete",
      async ({ user, params }) => {
        const done = await completeTask(deps, user, params.id);
        return {
          reward: formatUsdt(done.reward),
          balance: formatUsdt(done.balance),
          streak: effectiveStreak(done, utcDay(deps.clock())),
          task: taskView(done.task),
        };
      },
      { user: true, params: idParams },
    )
    .get("/leaderboard/:category", ({ params, query }) => leaderboardEntries(deps, params.category, query.limit), {
      user: true,
      params: leaderboardParams,
      query: leaderboardQuery(10),
    });
}
