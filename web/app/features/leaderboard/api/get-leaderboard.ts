import type { LeaderboardCategory, LeaderboardEntry } from "../../../api/types.ts";
import { useQuery } from "../../../lib/query.ts";

export const useLeaderboard = (category: LeaderboardCategory) => useQuery<LeaderboardEntry[]>(`leaderboard/${category}`);
