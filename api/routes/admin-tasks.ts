// Admin task management.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import { parseUsdt } from "@/domain/money.ts";
import { amountRules, rules } from "@/domain/rules.ts";
import { createTask, listTasks, updateTask } from "@/domain/tasks.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";
import { createTaskBody, idParams, updateTaskBody } from "@/api/schemas.ts";
import { taskView } from "./admin-tasks.views.ts";

const reward = (input: unknown) => parseUsdt(input, amountRules.taskReward);

export function adminTaskRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  return new Elysia({ prefix: "/api/admin" })
    .use(auth)
    .get("/tasks", async () => (await listTasks(deps)).map(taskView), { admin: "tasks:read" })
    .post(
      "/tasks",
      async ({ body, set }) => {
        const { rewardUsdt, ...rest } = body;
        set.status = 201;
        return taskView(await createTask(deps, { ...rest, reward: rewardUsdt === undefined ? rules.defaultTaskReward : reward(rewardUsdt) }));
      },
      { admin: "tasks:write", body: createTaskBody, detail: { "x-status": 201 } },
    )
    .patch(
      "/tasks/:id",
      async ({ params, body }) => {
        const { rewardUsdt, ...rest } = body;
        return taskView(await updateTask(deps, params.id, { ...rest, ...(rewardUsdt !== undefined && { reward: reward(rewardUsdt) }) }));
      },
      { admin: "tasks:write", params: idParams, body: updateTaskBody },
    );
}
