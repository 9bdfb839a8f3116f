// Credit (positive) or debit (negative) a balance with a required reason; 409 when a debit would
// take the balance below zero.
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

export async function adjustBalance(id: number, amount: string, reason: string) {
  const result = await api.post("/api/admin/users/:id/adjust", { params: { id }, body: { amount, reason } }, { errorTitle: "Balance adjustment failed" });
  // Leaderboards rank by earnings, so a credit can move someone up.
  await invalidate(USERS_KEY, "admin/leaderboard", "admin/stats");
  return result;
}
