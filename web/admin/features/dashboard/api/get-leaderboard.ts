import { api } from "../../../lib/api-client.ts";
import { useQuery } from "../../../lib/query.ts";
import type { LeaderboardCategory, LeaderboardEntry } from "./types.ts";

// The dashboard shows the top 5 of each board.
const LIMIT = 5;

export const getLeaderboard = (category: LeaderboardCategory) =>
  api.get<LeaderboardEntry[]>(`admin/leaderboard/${category}`, { searchParams: { limit: LIMIT }, errorTitle: "Failed to load leaderboard" });

export function useLeaderboard(category: LeaderboardCategory) {
  return useQuery(`admin/leaderboard/${category}?limit=${LIMIT}`, () => getLeaderboard(category));
}
