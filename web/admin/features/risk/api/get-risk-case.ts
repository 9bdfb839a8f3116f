import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { RISK_KEY } from "./keys.ts";

export const getRiskCase = (userId: number) => api.get("/api/admin/risk/:id", { params: { id: userId } }, { errorTitle: "Failed to load the case" });

export function useRiskCase(userId: number) {
  return useQuery(`${RISK_KEY}/${userId}`, () => getRiskCase(userId));
}
