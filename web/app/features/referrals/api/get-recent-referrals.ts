import type { RecentReferralDto } from "@/api/http/contract.ts";
import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getRecentReferrals = () => getData<RecentReferralDto[]>("me/referrals/recent");

export const useRecentReferrals = () => useQuery("me/referrals/recent", getRecentReferrals);
