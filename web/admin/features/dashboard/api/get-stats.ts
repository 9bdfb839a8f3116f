import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getStats = () => api.get("/api/admin/stats", {}, { errorTitle: "Failed to load statistics" });

export function useStats() {
  return useQuery("admin/stats", getStats);
}
