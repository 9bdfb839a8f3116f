import type { LeaderboardCategory, LeaderboardEntryDto } from "@/api/http/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

// The dashboard shows the top 5 of each board.
const LIMIT = 5;

export const getLeaderboard = (category: LeaderboardCategory) =>
  api.get<LeaderboardEntryDto[]>(`admin/leaderboard/${category}`, { searchParams: { limit: LIMIT }, errorTitle: "Failed to load leaderboard" });

export function useLeaderboard(category: LeaderboardCategory) {
  return useQuery(`admin/leaderboard/${category}?limit=${LIMIT}`, () => getLeaderboard(category));
}
