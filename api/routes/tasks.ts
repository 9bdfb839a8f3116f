// Tasks for the signed-in user, and the leaderboards they see.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import { topUsers } from "@/domain/leaderboard.ts";
import { activeTasksFor, completeTask, openTask } from "@/domain/tasks.ts";
import { utcDay } from "@/domain/time.ts";
import type { userAuth } from "@/api/plugins/user-auth.ts";
import { idParams, leaderboardParams, leaderboardQuery } from "@/api/schemas.ts";
import { completionView, leaderboardView, taskJsonMemo, taskOpenView } from "./tasks.views.ts";

export function userTaskRoutes(deps: Deps, auth: ReturnType<typeof userAuth>) {
  const taskJson = taskJsonMemo();
  return new Elysia({ prefix: "/api" })
    .use(auth)
    .get(
      "/tasks/active",
      async ({ user }) => (await activeTasksFor(deps, user.id)).map(({ task, ...flags }) => ({ ...taskJson(task), ...flags })),
      { user: true },
    )
    .post("/tasks/:id/open", async ({ user, params }) => taskOpenView(await openTask(deps, user, params.id)), { user: true, params: idParams })
    .post("/tasks/:id/complete", async ({ user, params }) => completionView(await completeTask(deps, user, params.id), utcDay(deps.clock())), { user: true, params: idParams })
    .get("/leaderboard/:category", async ({ params, query }) => (await topUsers(deps, params.category, query.limit)).map(leaderboardView(params.category, utcDay(deps.clock()))), {
      user: true,
      params: leaderboardParams,
      query: leaderboardQuery(10),
    });
}
