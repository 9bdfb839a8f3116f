import type { Withdrawal } from "../../../api/types.ts";
import { api } from "../../../lib/api-client.ts";
import { refetch } from "../../../lib/query.ts";

/** Requests a payout of `amount` (an exact decimal string); the balance is debited at once. */
export async function requestWithdrawal(amount: string): Promise<Withdrawal> {
  const withdrawal = await api.post<Withdrawal>("me/withdraw", { amount }, { errorTitle: "Withdrawal failed" });
  void refetch("me", "me/balance", "me/withdrawals", "me/activity");
  return withdrawal;
}
