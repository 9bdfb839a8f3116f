// Admin broadcasts: queue a message to every reachable user (with a text per language), see whom
// it would reach, follow its progress, and cancel what is left of it.
import { Elysia } from "elysia";
import { z } from "zod";
import { broadcastAudience, listBroadcasts, queueBroadcast } from "@/domain/broadcast.ts";
import { cancelBroadcast } from "@/domain/broadcast-stop.ts";
import type { Deps } from "@/domain/context.ts";
import { AppError } from "@/domain/errors.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";
import type { Runtime } from "@/domain/bot-status.ts";
import { broadcastBody, idParams, limitQuery, pageQuery } from "@/api/schemas.ts";

export function adminBroadcastRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>, runtime: Runtime) {
  return new Elysia({ prefix: "/api/admin" })
    .use(auth)
    .post(
      "/broadcast",
      async ({ admin, body, set }) => {
        const broadcast = await queueBroadcast(deps, admin.id, body.message, body.texts);
        set.status = 201;
        return { queuedCount: broadcast.total, broadcast };
      },
      { admin: "broadcast:send", body: broadcastBody, detail: { "x-status": 201 } },
    )
    .get("/broadcast/audience", () => broadcastAudience(deps), { admin: "broadcast:read" })
    .get("/broadcasts", ({ query }) => listBroadcasts(deps, query.limit, query.before), {
      admin: "broadcast:read",
      query: z.object({ limit: limitQuery(20, 100), before: pageQuery.shape.before }),
    })
    .post("/broadcasts/:id/cancel", ({ admin, params }) => cancelBroadcast(deps, admin, params.id), { admin: "broadcast:send", params: idParams })
    .post(
      "/broadcasts/flush",
      async ({ admin }) => {
        if (!runtime.flush) {
          throw new AppError("BOT_NOT_RUNNING", "The bot is not running (no BOT_TOKEN: demo mode), so queued messages stay queued");
        }
        const report = await runtime.flush();
        const detail = { sent: report.sent, failed: report.failed, blocked: report.blocked, stoppedByOutage: report.stoppedByOutage, stoppedByPace: report.stoppedByPace };
        await deps.store.transaction((tx) => tx.audit.insert({ adminId: admin.id, action: "broadcast.flush", targetType: "broadcast", targetId: null, detail, at: deps.clock() }));
        return report;
      },
      { admin: "broadcast:flush" },
    );
}
