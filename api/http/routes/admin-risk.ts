// The risk review: flagged users with their signals and evidence, one user's case, clearing and
// confirming fraud, and settling the referral bonuses whose hold is over.
import { Elysia } from "elysia";
import type { User } from "@/db/schema/index.ts";
import type { Deps } from "@/domain/context.ts";
import { releaseDueHolds } from "@/domain/holds.ts";
import { formatUsdt } from "@/domain/money.ts";
import { clearRisk, confirmFraud, listFlagged, riskCase } from "@/domain/risk-review.ts";
import type { adminAuth } from "@/api/http/plugins/admin-auth.ts";
import { confirmBody, idParams, riskListQuery } from "@/api/http/schemas.ts";

type Signal = { name: string; weight: number; evidence: Record<string, unknown>; at: Date };

const flaggedView = ({ user, signals }: { user: User; signals: Signal[] }) => ({
  userId: user.id,
  tgId: user.tgId,
  username: user.username,
  firstName: user.firstName,
  score: user.riskScore,
  status: user.riskStatus,
  isBanned: user.isBanned,
  balanceUsdt: formatUsdt(user.balance),
  heldUsdt: formatUsdt(user.heldBalance),
  qualifiedReferrals: user.qualifiedReferrals,
  totalInvited: user.totalInvited,
  signals,
});

export function adminRiskRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  return new Elysia({ prefix: "/api/admin/risk" })
    .use(auth)
    .get("/", async ({ query }) => (await listFlagged(deps, query)).map(flaggedView), { admin: true, query: riskListQuery })
    .get(
      "/:id",
      async ({ params }) => {
        const found = await riskCase(deps, params.id);
        return {
          ...flaggedView(found),
          referrer: found.referrer,
          referred: found.referred,
          clients: found.clients,
          holds: found.holds.map(({ amount, ...hold }) => ({ ...hold, amountUsdt: formatUsdt(amount) })),
          openWithdrawal: found.openWithdrawal && { id: found.openWithdrawal.id, status: found.openWithdrawal.status, amountUsdt: formatUsdt(found.openWithdrawal.amount) },
        };
      },
      { admin: true, params: idParams },
    )
    .post("/:id/clear", ({ admin, params }) => clearRisk(deps, admin.id, params.id), { admin: true, params: idParams })
    .post("/:id/confirm", ({ admin, params, body }) => confirmFraud(deps, admin.id, params.id, body.farm), { admin: true, params: idParams, body: confirmBody })
    .post("/holds/release", () => releaseDueHolds(deps), { admin: true });
}
