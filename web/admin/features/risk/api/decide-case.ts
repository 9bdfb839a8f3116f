// The two decisions on a flagged user. Clearing lets a withdrawal waiting in review join the
// pending queue; confirming bans the user and the chosen farm, refunds their open withdrawals and
// takes back the bonuses they produced. Both change balances, withdrawal queues and user rows.
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { RISK_KEY } from "./keys.ts";

const refresh = () => invalidate(RISK_KEY, "admin/withdrawals", "admin/users", "admin/stats", "admin/leaderboard");

export async function clearRisk(userId: number) {
  const result = await api.post("/api/admin/risk/:id/clear", { params: { id: userId } }, { errorTitle: "Clear failed" });
  await refresh();
  return result;
}

/** `farm`: the referred accounts to ban with the user, by id, or "all" of them. */
export async function confirmFraud(userId: number, farm: number[] | "all") {
  const result = await api.post("/api/admin/risk/:id/confirm", { params: { id: userId }, body: { farm } }, { errorTitle: "Confirm fraud failed" });
  await refresh();
  return result;
}
