import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

export const getUser = (id: number) => api.get("/api/admin/users/:id", { params: { id } }, { errorTitle: "Failed to load user" });

export function useUser(id: number | null) {
  return useQuery(id === null ? null : `${USERS_KEY}/${id}`, () => getUser(id!));
}
