import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getRecentReferrals = () => getData("/api/me/referrals/recent");

export const useRecentReferrals = () => useQuery("me/referrals/recent", getRecentReferrals);
