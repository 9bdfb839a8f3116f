// The risk review: flagged users with their signals and evidence, one user's case, clearing and
// confirming fraud, and settling the referral bonuses whose hold is over.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import { releaseDueHolds } from "@/domain/holds.ts";
import { clearRisk, confirmFraud, listFlagged, riskCase } from "@/domain/risk-review.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";
import { confirmBody, idParams, riskListQuery } from "@/api/schemas.ts";
import { flaggedView, riskCaseView } from "./admin-risk.views.ts";

export function adminRiskRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  return new Elysia({ prefix: "/api/admin/risk" })
    .use(auth)
    .get("/", async ({ query }) => (await listFlagged(deps, query)).map(flaggedView), { admin: "risk:read", query: riskListQuery })
    .get("/:id", async ({ params }) => riskCaseView(await riskCase(deps, params.id)), { admin: "risk:read", params: idParams })
    .post("/:id/clear", ({ admin, params }) => clearRisk(deps, admin.id, params.id), { admin: "risk:write", params: idParams })
    .post("/:id/confirm", ({ admin, params, body }) => confirmFraud(deps, admin.id, params.id, body.farm), { admin: "risk:write", params: idParams, body: confirmBody })
    .post("/holds/release", () => releaseDueHolds(deps), { admin: "risk:release" });
}
