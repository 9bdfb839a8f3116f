import { api } from "../../../lib/api-client.ts";
import { useQuery } from "../../../lib/query.ts";
import { BROADCASTS_KEY, type Broadcast } from "./types.ts";

const LIMIT = 20;

export const getBroadcasts = () => api.get<Broadcast[]>(BROADCASTS_KEY, { searchParams: { limit: LIMIT }, errorTitle: "Failed to load broadcasts" });

export function useBroadcasts() {
  return useQuery(BROADCASTS_KEY, getBroadcasts);
}
