import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

// The spec's recent lists show the first 5 ledger items.
export const RECENT_LEDGER = 5;

export const getUserBalance = (id: number, limit: number) =>
  api.get("/api/admin/users/:id/balance", { params: { id }, query: { limit } }, { errorTitle: "Failed to load the ledger" });

export function useUserBalance(id: number, limit = RECENT_LEDGER) {
  return useQuery(`${USERS_KEY}/${id}/balance?limit=${limit}`, () => getUserBalance(id, limit));
}
