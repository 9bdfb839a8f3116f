// Tasks for the signed-in user, and the leaderboards they see.
import { Elysia } from "elysia";
import { z } from "zod";
import type { Deps } from "../domain/context.ts";
import { leaderboardCategories, topUsers } from "../domain/leaderboard.ts";
import { formatUsdt } from "../domain/money.ts";
import { activeTasksFor, completeTask } from "../domain/tasks.ts";
import { effectiveStreak } from "../domain/users.ts";
import { utcDay } from "../domain/time.ts";
import type { userAuth } from "../plugins/user-auth.ts";
import { idParams, limitQuery } from "../schemas.ts";
import { leaderboardView, taskView, taskViewJson } from "../views.ts";

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
    .get(
      "/leaderboard/:category",
      ({ params, query }) => topUsers(deps, params.category, query.limit).map((u) => leaderboardView(deps, params.category, u)),
      { user: true, params: z.object({ category: z.enum(leaderboardCategories) }), query: z.object({ limit: limitQuery(10, 100) }) },
    );
}
