// Admin broadcasts: queue a message to every reachable user, and follow its progress.
import { Elysia } from "elysia";
import { z } from "zod";
import { listBroadcasts, queueBroadcast } from "../domain/broadcast.ts";
import type { Deps } from "../domain/context.ts";
import type { adminAuth } from "../plugins/admin-auth.ts";
import { limitQuery, messageBody } from "../schemas.ts";

export function adminBroadcastRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  return new Elysia({ prefix: "/api/admin" })
    .use(auth)
    .post(
      "/broadcast",
      ({ admin, body, set }) => {
        const broadcast = queueBroadcast(deps, admin.id, body.message);
        set.status = 201;
        return { queuedCount: broadcast.total, broadcast };
      },
      { admin: true, body: messageBody },
    )
    .get("/broadcasts", ({ query }) => listBroadcasts(deps, query.limit), { admin: true, query: z.object({ limit: limitQuery(20, 100) }) });
}
