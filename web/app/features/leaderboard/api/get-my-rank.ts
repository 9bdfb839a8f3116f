import type { LeaderboardCategory } from "@/api/contract.ts";
import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getMyRank = (category: LeaderboardCategory) => getData("/api/me/rank", { query: { category } });

export const useMyRank = (category: LeaderboardCategory) => useQuery(`me/rank?category=${category}`, () => getMyRank(category));
