import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { WITHDRAWALS_KEY } from "./keys.ts";

// Under the lists' prefix, so every action that refreshes the lists refreshes the counts too.
const COUNTS_KEY = `${WITHDRAWALS_KEY}/counts`;

export const getWithdrawalCounts = () => api.get("/api/admin/withdrawals/counts", {}, { errorTitle: "Failed to load withdrawal counts" });

/** How many requests each status holds. */
export function useWithdrawalCounts() {
  return useQuery(COUNTS_KEY, getWithdrawalCounts);
}
