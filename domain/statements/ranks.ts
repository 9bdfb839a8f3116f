// The statements the leaderboards (leaderboard.ts) need from an engine: rank_counts, which says
// how many users hold each score overall (block -1) and per block of ids, and the users' scores.
import type { RankCategory, User } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

/** A leaderboard: its rows in rank_counts and the users column that scores it. */
export type Ranking = { category: RankCategory; score: keyof Pick<User, "totalEarned" | "qualifiedReferrals" | "tasksCompleted"> };

export type ScoreCount = { score: number; users: number };
export type BlockCount = ScoreCount & { block: number };
/** Ids from the first up to, not including, the second. */
export type IdRange = readonly [from: number, to: number];
/** A user's id and score; banned users are never among them. */
export type UserScore = { id: number; score: number };

export type RankStatements = {
  /** The `limit` highest scores anyone holds, highest first, with how many users hold each. */
  topScores(r: Ranking, limit: number): Op<ScoreCount[]>;
  /** For each block, how many users hold each score of at least `min` (only counts above zero). */
  blocksFrom(r: Ranking, min: number): Op<BlockCount[]>;
  /** The users with ids in any of the ranges [from, to) and a score of at least `min`. */
  scoresIn(r: Ranking, ranges: IdRange[], min: number): Op<UserScore[]>;
  usersByIds(ids: number[]): Op<User[]>;
  /** How many users hold a score above `score`. */
  countAbove(r: Ranking, score: number): Op<number>;
  /** How many users hold `score` in the blocks before `block`. */
  countTiedBefore(r: Ranking, score: number, block: number): Op<number>;
  /** How many users with ids in [from, to) hold `score`. */
  countTiedBetween(r: Ranking, from: number, to: number, score: number): Op<number>;
};
