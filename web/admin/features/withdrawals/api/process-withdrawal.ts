// The three admin transitions: approve (pending or in review), reject with a reason (pending or
// in review, refunds the amount), mark as paid with the transaction hash (approved). Each
// refreshes the lists and stats.
import type { WithdrawalDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { WITHDRAWALS_KEY } from "./keys.ts";

export type WithdrawalAction = "approve" | "reject" | "paid";

export async function processWithdrawal(id: number, action: WithdrawalAction, input: { reason?: string; txHash?: string } = {}): Promise<WithdrawalDto> {
  const body = action === "reject" ? { reason: input.reason } : action === "paid" ? { txHash: input.txHash } : {};
  const result = await api.patch<WithdrawalDto>(`${WITHDRAWALS_KEY}/${id}/${action}`, body, { errorTitle: "Action failed" });
  // Stats carry the pending count; user lists carry balances that a reject refunds; a risk case
  // shows the user's open withdrawal.
  await invalidate(WITHDRAWALS_KEY, "admin/stats", "admin/users", "admin/risk");
  return result;
}
