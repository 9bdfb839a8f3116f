import type { LeaderboardCategory } from "../../../api/types.ts";
import { useQuery } from "../../../lib/query.ts";

export const useMyRank = (category: LeaderboardCategory) => useQuery<{ rank: number }>(`me/rank?category=${category}`);
