import type { RiskCaseDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { RISK_KEY } from "./keys.ts";

export const getRiskCase = (userId: number) => api.get<RiskCaseDto>(`${RISK_KEY}/${userId}`, { errorTitle: "Failed to load the case" });

export function useRiskCase(userId: number) {
  return useQuery(`${RISK_KEY}/${userId}`, () => getRiskCase(userId));
}
