import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { BROADCASTS_KEY } from "./keys.ts";

const LIMIT = 20;
// While any broadcast still has pending deliveries the list refreshes on its own, so progress
// moves without a press of Refresh; once all are done it stops asking.
const REFRESH_MS = 30_000;

export const getBroadcasts = () => api.get("/api/admin/broadcasts", { query: { limit: LIMIT } }, { errorTitle: "Failed to load broadcasts" });

export function useBroadcasts() {
  return useQuery(BROADCASTS_KEY, getBroadcasts, { refetchInterval: (list) => (list?.some((b) => b.pending > 0) ? REFRESH_MS : false) });
}
