import type { LeaderboardCategory, LeaderboardEntryDto } from "@/api/contract.ts";
import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getLeaderboard = (category: LeaderboardCategory): Promise<LeaderboardEntryDto[]> => getData("/api/leaderboard/:category", { params: { category } });

export const useLeaderboard = (category: LeaderboardCategory) => useQuery(`leaderboard/${category}`, () => getLeaderboard(category));
