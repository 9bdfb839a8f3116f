// The admin transitions: approve (pending or in review), reject with a reason (pending or in
// review, refunds the amount), mark as paid with the transaction hash (approved), and send from
// the server's hot wallet (approved; confirming under the transfer's hash). Each refreshes the
// lists and stats.
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { WITHDRAWALS_KEY } from "./keys.ts";

export type WithdrawalAction = "approve" | "reject" | "paid" | "send";

const options = { errorTitle: "Action failed" };

/** What the dialog typed: a reject sends the reason, a paid the hash, an approve neither. */
type ActionInput = { reason: string; txHash: string };

function send(id: number, action: WithdrawalAction, { reason, txHash }: ActionInput) {
  if (action === "reject") return api.patch("/api/admin/withdrawals/:id/reject", { params: { id }, body: { reason } }, options);
  if (action === "paid") return api.patch("/api/admin/withdrawals/:id/paid", { params: { id }, body: { txHash } }, options);
  if (action === "send") return api.post("/api/admin/withdrawals/:id/send", { params: { id } }, options).then((r) => r.withdrawal);
  return api.patch("/api/admin/withdrawals/:id/approve", { params: { id } }, options);
}

export async function processWithdrawal(id: number, action: WithdrawalAction, input: ActionInput) {
  const result = await send(id, action, input);
  // Stats carry the pending count; user lists carry balances that a reject refunds; a risk case
  // shows the user's open withdrawal.
  await invalidate(WITHDRAWALS_KEY, "admin/stats", "admin/users", "admin/risk", ...(action === "send" ? ["admin/wallet"] : []));
  return result;
}
