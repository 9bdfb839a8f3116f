import { api } from "../../../lib/api-client.ts";
import { useQuery } from "../../../lib/query.ts";
import type { AdminStats } from "./types.ts";

export const getStats = () => api.get<AdminStats>("admin/stats", { errorTitle: "Failed to load statistics" });

export function useStats() {
  return useQuery("admin/stats", getStats);
}
