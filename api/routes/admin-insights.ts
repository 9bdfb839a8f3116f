// Admin read-only figures: dashboard stats, task stats, activity series, leaderboards, the audit
// log (filtered by admin and action) and the admins it names.
import { Elysia } from "elysia";
import { z } from "zod";
import { whoAmI } from "@/domain/access.ts";
import type { Deps } from "@/domain/context.ts";
import { topUsers } from "@/domain/leaderboard.ts";
import { auditActions } from "@/domain/audit-actions.ts";
import { activityStats, auditAdmins, auditLog, dashboardStats, taskStats } from "@/domain/stats.ts";
import { utcDay } from "@/domain/time.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";
import { idParams, leaderboardParams, leaderboardQuery, limitQuery, pageQuery } from "@/api/schemas.ts";
import { botActive, type Runtime } from "@/domain/bot-status.ts";
import { taskStatView } from "./admin-insights.views.ts";
import { leaderboardView } from "./tasks.views.ts";

export function adminInsightRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>, runtime: Runtime) {
  return new Elysia({ prefix: "/api/admin" })
    .use(auth)
    // With what the server itself offers, so the panel shows only the payout actions it has.
    .get("/me", ({ admin, apiToken }) => ({ ...whoAmI(admin, apiToken), payouts: { checkedOnChain: deps.chain !== undefined, hotWallet: deps.chain?.wallet !== undefined } }), { admin: "self" })
    .get("/stats", async () => ({ ...(await dashboardStats(deps)), botActive: botActive(runtime) }), { admin: "stats:read" })
    .get("/task-stats", async () => (await taskStats(deps)).map(taskStatView), { admin: "stats:read" })
    .get("/activity-stats", ({ query }) => activityStats(deps, query.range), {
      admin: "stats:read",
      query: z.object({ range: z.enum(["daily", "weekly"]).default("daily") }),
    })
    .get("/leaderboard/:category", async ({ params, query }) => (await topUsers(deps, params.category, query.limit)).map(leaderboardView(params.category, utcDay(deps.clock()))), {
      admin: "stats:read",
      params: leaderboardParams,
      query: leaderboardQuery(5),
    })
    .get("/audit", ({ query: { limit, ...filter } }) => auditLog(deps, limit, filter), {
      admin: "audit:read",
      query: z.object({ limit: limitQuery(50, 500), before: pageQuery.shape.before, adminId: idParams.shape.id.optional(), action: z.enum(auditActions).optional() }),
    })
    .get("/audit/admins", () => auditAdmins(deps), { admin: "audit:read" });
}
