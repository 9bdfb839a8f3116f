import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getReferrals = () => getData("/api/me/referrals");

export const useReferrals = () => useQuery("me/referrals", getReferrals);
