import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

export const PAGE_SIZE = 50;
// The API answers at most 200 rows per call.
export const MAX_LIMIT = 200;

export const getUsers = (search: string, limit: number) =>
  api.get("/api/admin/users", { query: { search, limit } }, { errorTitle: "Failed to fetch users" });

/** The newest `limit` users, or those matching `search` (username, Telegram ID or wallet address). */
export function useUsers(search: string, limit = PAGE_SIZE) {
  return useQuery(`${USERS_KEY}?search=${encodeURIComponent(search)}&limit=${limit}`, () => getUsers(search, limit));
}
