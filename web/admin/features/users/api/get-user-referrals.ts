import { api } from "../../../lib/api-client.ts";
import { useQuery } from "../../../lib/query.ts";
import { USERS_KEY, type UserReferrals } from "./types.ts";

export const getUserReferrals = (id: number) => api.get<UserReferrals>(`${USERS_KEY}/${id}/referrals`, { errorTitle: "Failed to load referrals" });

export function useUserReferrals(id: number) {
  return useQuery(`${USERS_KEY}/${id}/referrals`, () => getUserReferrals(id));
}
