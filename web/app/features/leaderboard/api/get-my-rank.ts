import type { LeaderboardCategory, RankDto } from "@/api/http/contract.ts";
import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getMyRank = (category: LeaderboardCategory) => getData<RankDto>(`me/rank?category=${category}`);

export const useMyRank = (category: LeaderboardCategory) => useQuery(`me/rank?category=${category}`, () => getMyRank(category));
