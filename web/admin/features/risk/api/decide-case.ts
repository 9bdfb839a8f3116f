// The two decisions on a flagged user. Clearing lets a withdrawal waiting in review join the
// pending queue; confirming bans the user and the chosen farm, refunds their open withdrawals and
// takes back the bonuses they produced. Both change balances, withdrawal queues and user rows.
import type { RiskClearDto, RiskConfirmDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { RISK_KEY } from "./keys.ts";

const refresh = () => invalidate(RISK_KEY, "admin/withdrawals", "admin/users", "admin/stats", "admin/leaderboard");

export async function clearRisk(userId: number): Promise<RiskClearDto> {
  const result = await api.post<RiskClearDto>(`${RISK_KEY}/${userId}/clear`, {}, { errorTitle: "Clear failed" });
  await refresh();
  return result;
}

/** `farm`: the referred accounts to ban with the user, by id, or "all" of them. */
export async function confirmFraud(userId: number, farm: number[] | "all"): Promise<RiskConfirmDto> {
  const result = await api.post<RiskConfirmDto>(`${RISK_KEY}/${userId}/confirm`, { farm }, { errorTitle: "Confirm fraud failed" });
  await refresh();
  return result;
}
