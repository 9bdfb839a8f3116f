// Tasks for the signed-in user, and the leaderboards they see.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import { activeTasksFor, completeTask, openTask } from "@/domain/tasks.ts";
import type { userAuth } from "@/api/http/plugins/user-auth.ts";
import { idParams, leaderboardParams, leaderboardQuery } from "@/api/http/schemas.ts";
import { completionView, leaderboardEntries, taskOpenView, taskViewJson } from "@/api/http/views.ts";

export function userTaskRoutes(deps: Deps, auth: ReturnType<typeof userAuth>) {
  return new Elysia({ prefix: "/api" })
    .use(auth)
    .get(
      "/tasks/active",
      async ({ user }) => (await activeTasksFor(deps, user.id)).map(({ task, ...flags }) => ({ ...taskViewJson(task), ...flags })),
      { user: true },
    )
    .post("/tasks/:id/open", async ({ user, params }) => taskOpenView(await openTask(deps, user, params.id)), { user: true, params: idParams })
    .post("/tasks/:id/complete", async ({ user, params }) => completionView(deps, await completeTask(deps, user, params.id)), { user: true, params: idParams })
    .get("/leaderboard/:category", ({ params, query }) => leaderboardEntries(deps, params.category, query.limit), {
      user: true,
      params: leaderboardParams,
      query: leaderboardQuery(10),
    });
}
