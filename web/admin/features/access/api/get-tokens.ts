import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { TOKENS_KEY } from "./keys.ts";

export const getTokens = () => api.get("/api/admin/tokens", {}, { errorTitle: "Failed to load the API tokens" });

export function useTokens() {
  return useQuery(TOKENS_KEY, getTokens);
}
