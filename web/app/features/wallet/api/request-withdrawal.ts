import { api } from "@/web/app/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";

/** Requests a payout of `amount` (an exact decimal string); the balance is debited at once. The form shows a refusal beside its field. */
export async function requestWithdrawal(amount: string) {
  const withdrawal = await api.post("/api/me/withdraw", { body: { amount } }, { silent: true });
  // Balance, ledger, activity and the list of requests all changed; "me" covers them.
  void invalidate("me");
  return withdrawal;
}
