// Admin withdrawal processing: list by status, approve, mark paid, reject.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import { approveWithdrawal, listWithdrawals, markWithdrawalPaid, rejectWithdrawal, withdrawalCounts } from "@/domain/withdrawals.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";
import { idParams, reasonBody, txHashBody, withdrawalListQuery } from "@/api/schemas.ts";
import { withdrawalView } from "./admin-withdrawals.views.ts";

export function adminWithdrawalRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  return new Elysia({ prefix: "/api/admin/withdrawals" })
    .use(auth)
    .get("/", async ({ query }) => (await listWithdrawals(deps, query)).map(withdrawalView), { admin: true, query: withdrawalListQuery })
    .get("/counts", () => withdrawalCounts(deps), { admin: true })
    .patch("/:id/approve", async ({ admin, params }) => withdrawalView(await approveWithdrawal(deps, admin.id, params.id)), {
      admin: true,
      params: idParams,
      detail: { "x-errors": ["INVALID_STATE", "WITHDRAWAL_USER_BANNED"] },
    })
    .patch("/:id/paid", async ({ admin, params, body }) => withdrawalView(await markWithdrawalPaid(deps, admin.id, params.id, body.txHash)), {
      admin: true,
      params: idParams,
      body: txHashBody,
    })
    .patch("/:id/reject", async ({ admin, params, body }) => withdrawalView(await rejectWithdrawal(deps, admin.id, params.id, body.reason)), {
      admin: true,
      params: idParams,
      body: reasonBody,
    });
}
