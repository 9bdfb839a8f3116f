import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

const AUDIENCE_KEY = "admin/broadcast/audience";

/** Who a broadcast queued now would reach, in total and by the language each user reads. */
export const getAudience = () => api.get("/api/admin/broadcast/audience", {}, { errorTitle: "Failed to count recipients" });

export function useAudience() {
  return useQuery(AUDIENCE_KEY, getAudience);
}
