// Credit (positive) or debit (negative) a balance with a required reason; 409 when a debit would
// take the balance below zero.
import type { AdjustmentDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

export async function adjustBalance(id: number, amount: string, reason: string): Promise<AdjustmentDto> {
  const result = await api.post<AdjustmentDto>(`${USERS_KEY}/${id}/adjust`, { amount, reason }, { errorTitle: "Balance adjustment failed" });
  // Leaderboards rank by earnings, so a credit can move someone up.
  await invalidate(USERS_KEY, "admin/leaderboard", "admin/stats");
  return result;
}
