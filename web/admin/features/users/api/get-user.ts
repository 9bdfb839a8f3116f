import { api } from "../../../lib/api-client.ts";
import { useQuery } from "../../../lib/query.ts";
import { USERS_KEY, type AdminUser } from "./types.ts";

export const getUser = (id: number) => api.get<AdminUser>(`${USERS_KEY}/${id}`, { errorTitle: "Failed to load user" });

export function useUser(id: number | null) {
  return useQuery(id === null ? null : `${USERS_KEY}/${id}`, () => getUser(id!));
}
