// Rankings. Each category sorts by one counter column (banned users excluded, ties to the earlier
// user). No index keeps users in score order, because every task completion would move the user's
// entry in it: rank_counts (kept by triggers) says how many users hold each score, overall and per
// block of ids, and only the few blocks that matter are read user by user.
import { rankBlockBits, type User } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import type { Ranking } from "./statements/ranks.ts";

export const leaderboardCategories = ["earnings", "referrals", "activity"] as const;
export type LeaderboardCategory = (typeof leaderboardCategories)[number];

const rankings: Record<LeaderboardCategory, Ranking> = {
  earnings: { category: "earnings", score: "totalEarned" },
  referrals: { category: "referrals", score: "qualifiedReferrals" },
  activity: { category: "activity", score: "tasksCompleted" },
};

const blockRange = (block: number) => [block << rankBlockBits, (block + 1) << rankBlockBits] as const;

/**
 * The first `limit` users of the ordering. rank_counts gives the score of the last one (the
 * threshold) and the blocks that hold the users above it and the earliest ties at it; only those
 * blocks' scores are read, a few thousand at most.
 */
export function topUsers(deps: Pick<Deps, "store">, category: LeaderboardCategory, limit: number): Promise<(User & { rank: number })[]> {
  const ranking = rankings[category];
  return deps.store.read(function* (db) {
    const ranks = db.insights.ranks;
    let threshold: number | undefined;
    let counted = 0;
    // Every row holds at least one user, so `limit` rows reach the threshold.
    for (const row of yield* ranks.topScores(ranking, limit)) {
      threshold = row.score;
      counted += row.users;
      if (counted >= limit) break;
    }
    if (threshold === undefined) return [];

    const counts = yield* ranks.blocksFrom(ranking, threshold);
    const blocks = new Set<number>();
    let ahead = 0;
    for (const row of counts.filter((c) => c.score > threshold)) {
      blocks.add(row.block);
      ahead += row.users;
    }
    // The ties at the threshold go to the earlier users: the blocks of the lowest ids first.
    for (const row of counts.filter((c) => c.score === threshold).sort((a, b) => a.block - b.block)) {
      if (ahead >= limit) break;
      blocks.add(row.block);
      ahead += row.users;
    }

    // All the blocks at once, so the statements a top list sends do not grow with the blocks it reads.
    const candidates = yield* ranks.scoresIn(ranking, [...blocks].map(blockRange), threshold);
    const ids = candidates
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, limit)
      .map((c) => c.id);
    if (ids.length === 0) return [];
    const byId = new Map((yield* ranks.usersByIds(ids)).map((u) => [u.id, u]));
    return ids.map((id, i) => ({ ...byId.get(id)!, rank: i + 1 }));
  });
}

/**
 * 1 + the users ahead: a higher score, or the same score and registered earlier (a lower id).
 * The users above come from one row per higher score, the earlier ties from one row per earlier
 * block, and only the ties inside the user's own block are counted user by user.
 */
export function rankOf(deps: Pick<Deps, "store">, category: LeaderboardCategory, user: User): Promise<number> {
  const ranking = rankings[category];
  const score = user[ranking.score];
  const block = user.id >> rankBlockBits;
  return deps.store.read(function* (db) {
    const ranks = db.insights.ranks;
    const above = yield* ranks.countAbove(ranking, score);
    const tiedInEarlierBlocks = yield* ranks.countTiedBefore(ranking, score, block);
    const tiedInBlock = yield* ranks.countTiedBetween(ranking, blockRange(block)[0], user.id, score);
    return above + tiedInEarlierBlocks + tiedInBlock + 1;
  });
}
