import { api } from "../../../lib/api-client.ts";
import { useQuery } from "../../../lib/query.ts";
import { USERS_KEY, type UserActivity } from "./types.ts";

export const getUserActivity = (id: number) => api.get<UserActivity>(`${USERS_KEY}/${id}/activity`, { errorTitle: "Failed to load activity" });

export function useUserActivity(id: number) {
  return useQuery(`${USERS_KEY}/${id}/activity`, () => getUserActivity(id));
}
