// Admin withdrawal processing: list by status (or export it as CSV), approve, mark paid, reject.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import { withdrawalCsvColumns } from "@/domain/csv-columns.ts";
import { utcDay } from "@/domain/time.ts";
import { verifyPayout } from "@/domain/payout-verify.ts";
import { sendFromHotWallet } from "@/domain/payout-send.ts";
import { approveWithdrawal, getWithdrawal, listWithdrawals, markWithdrawalPaid, rejectWithdrawal, withdrawalCounts } from "@/domain/withdrawals.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";
import { idParams, reasonBody, txHashBody, withdrawalListQuery } from "@/api/schemas.ts";
import { withdrawalView } from "./admin-withdrawals.views.ts";
import { csvFile, pagesById } from "./csv-export.ts";

export function adminWithdrawalRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  return new Elysia({ prefix: "/api/admin/withdrawals" })
    .use(auth)
    .get("/", async ({ query }) => (await listWithdrawals(deps, query)).map(withdrawalView), { admin: "withdrawals:read", query: withdrawalListQuery })
    .get("/counts", () => withdrawalCounts(deps), { admin: "withdrawals:read" })
    .get("/:id", async ({ params }) => withdrawalView(await getWithdrawal(deps, params.id)), { admin: "withdrawals:read", params: idParams })
    .get(
      "/export.csv",
      async ({ query: { status } }) => {
        const pages = await pagesById(async (limit, before) => (await listWithdrawals(deps, { status, limit, before })).map(withdrawalView));
        return csvFile(`withdrawals-${status ?? "all"}-${utcDay(deps.clock())}.csv`, withdrawalCsvColumns, pages);
      },
      { admin: "withdrawals:read", query: withdrawalListQuery.pick({ status: true }), detail: { "x-content-type": "text/csv" } },
    )
    .patch("/:id/approve", async ({ admin, params }) => withdrawalView(await approveWithdrawal(deps, admin.id, params.id)), {
      admin: "withdrawals:write",
      params: idParams,
      detail: { "x-errors": ["INVALID_STATE", "WITHDRAWAL_USER_BANNED"] },
    })
    .patch("/:id/paid", async ({ admin, params, body }) => withdrawalView(await markWithdrawalPaid(deps, admin.id, params.id, body.txHash)), {
      admin: "withdrawals:write",
      params: idParams,
      body: txHashBody,
      detail: { "x-errors": ["INVALID_STATE", "TX_HASH_USED", "TX_NOT_FOUND", "TX_FAILED", "TX_WRONG_TOKEN", "TX_WRONG_RECIPIENT", "TX_WRONG_AMOUNT", "CHAIN_UNAVAILABLE"] },
    })
    // Reads the chain and nothing else: a mismatch is an answer (matched: false), not an error.
    .post(
      "/:id/verify",
      async ({ params }) => {
        const { withdrawal, verdict } = await verifyPayout(deps, params.id);
        return { withdrawal: withdrawalView(withdrawal), ...verdict };
      },
      { admin: "withdrawals:read", params: idParams, detail: { "x-errors": ["INVALID_STATE", "CHAIN_NOT_CONFIGURED", "CHAIN_UNAVAILABLE"] } },
    )
    // Signs, records and broadcasts one transfer from the hot wallet; the withdrawal is then confirming under its hash.
    .post(
      "/:id/send",
      async ({ admin, params }) => {
        const { withdrawal, send, broadcast } = await sendFromHotWallet(deps, admin.id, params.id);
        return { withdrawal: withdrawalView(withdrawal), txHash: send.txHash, nonce: send.nonce, wallet: send.wallet, broadcast };
      },
      {
        admin: "withdrawals:write",
        params: idParams,
        detail: { "x-errors": ["INVALID_STATE", "WITHDRAWAL_USER_BANNED", "HOT_WALLET_NOT_CONFIGURED", "HOT_WALLET_LIMIT", "PAYOUT_ALREADY_SENT", "CHAIN_UNAVAILABLE"] },
      },
    )
    .patch("/:id/reject", async ({ admin, params, body }) => withdrawalView(await rejectWithdrawal(deps, admin.id, params.id, body.reason)), {
      admin: "withdrawals:write",
      params: idParams,
      body: reasonBody,
    });
}
