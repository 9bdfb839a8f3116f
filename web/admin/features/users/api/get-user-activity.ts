import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

export const getUserActivity = (id: number) => api.get("/api/admin/users/:id/activity", { params: { id } }, { errorTitle: "Failed to load activity" });

export function useUserActivity(id: number) {
  return useQuery(`${USERS_KEY}/${id}/activity`, () => getUserActivity(id));
}
