import type { LeaderboardCategory, LeaderboardEntryDto } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

// The dashboard shows the top 5 of each board.
const LIMIT = 5;

export const getLeaderboard = (category: LeaderboardCategory): Promise<LeaderboardEntryDto[]> =>
  api.get("/api/admin/leaderboard/:category", { params: { category }, query: { limit: LIMIT } }, { errorTitle: "Failed to load leaderboard" });

export function useLeaderboard(category: LeaderboardCategory) {
  return useQuery(`admin/leaderboard/${category}?limit=${LIMIT}`, () => getLeaderboard(category));
}
