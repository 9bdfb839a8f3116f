import type { UserReferralsDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

export const getUserReferrals = (id: number) => api.get<UserReferralsDto>(`${USERS_KEY}/${id}/referrals`, { errorTitle: "Failed to load referrals" });

export function useUserReferrals(id: number) {
  return useQuery(`${USERS_KEY}/${id}/referrals`, () => getUserReferrals(id));
}
