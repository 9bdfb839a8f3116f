import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { USERS_KEY } from "./keys.ts";

export const getUserReferrals = (id: number) => api.get("/api/admin/users/:id/referrals", { params: { id } }, { errorTitle: "Failed to load referrals" });

export function useUserReferrals(id: number) {
  return useQuery(`${USERS_KEY}/${id}/referrals`, () => getUserReferrals(id));
}
