// Rankings. Each category sorts by one counter column (banned users excluded, ties to the earlier
// user). No index keeps users in score order, because every task completion would move the user's
// entry in it: rank_counts (kept by triggers) says how many users hold each score, overall and per
// block of ids, and users_scores_idx lists the scores of a block's ids.
import { inArray } from "@/db/ops.ts";
import { rankBlockBits, users, type User } from "@/db/schema/index.ts";
import type { Deps } from "./context.ts";

export const leaderboardCategories = ["earnings", "referrals", "activity"] as const;
export type LeaderboardCategory = (typeof leaderboardCategories)[number];

const sortField = {
  earnings: "totalEarned",
  referrals: "qualifiedReferrals",
  activity: "tasksCompleted",
} as const;

const blockRange = (block: number) => [block << rankBlockBits, (block + 1) << rankBlockBits] as const;

/**
 * The first `limit` users of the ordering. rank_counts gives the score of the last one (the
 * threshold) and the blocks that hold the users above it and the earliest ties at it; only those
 * blocks' entries of the scores index are read, a few thousand at most.
 */
export function topUsers(deps: Deps, category: LeaderboardCategory, limit: number): (User & { rank: number })[] {
  const conn = deps.db.$client;
  const column = users[sortField[category]].name;

  let threshold: number | undefined;
  let counted = 0;
  const scores = conn.query<{ score: number; users: number }, [string]>(
    "select score, users from rank_counts where category = ? and block = -1 and users > 0 order by score desc",
  );
  for (const row of scores.iterate(category)) {
    threshold = row.score;
    counted += row.users;
    if (counted >= limit) break;
  }
  if (threshold === undefined) return [];

  const blocks = new Set<number>();
  let ahead = 0;
  for (const row of conn
    .query<{ block: number; users: number }, [string, number]>("select block, users from rank_counts where category = ? and score > ? and block >= 0 and users > 0")
    .iterate(category, threshold)) {
    blocks.add(row.block);
    ahead += row.users;
  }
  for (const row of conn
    .query<{ block: number; users: number }, [string, number]>(
      "select block, users from rank_counts where category = ? and score = ? and block >= 0 and users > 0 order by block",
    )
    .iterate(category, threshold)) {
    if (ahead >= limit) break;
    blocks.add(row.block);
    ahead += row.users;
  }

  const inBlock = conn.query<{ id: number; score: number }, [number, number, number]>(
    `select id, ${column} as score from users where id >= ? and id < ? and is_banned = 0 and ${column} >= ?`,
  );
  const candidates = [...blocks].flatMap((block) => inBlock.all(...blockRange(block), threshold));
  const ids = candidates
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, limit)
    .map((c) => c.id);
  const byId = new Map(deps.db.select().from(users).where(inArray(users.id, ids)).all().map((u) => [u.id, u]));
  return ids.map((id, i) => ({ ...byId.get(id)!, rank: i + 1 }));
}

/**
 * 1 + the users ahead: a higher score, or the same score and registered earlier (a lower id).
 * The users above come from one row per higher score, the earlier ties from one row per earlier
 * block, and only the ties inside the user's own block are counted in the scores index.
 */
export function rankOf(deps: Deps, category: LeaderboardCategory, user: User): number {
  const column = users[sortField[category]].name;
  const score = user[sortField[category]];
  const block = user.id >> rankBlockBits;
  const conn = deps.db.$client;
  const sum = (sql: string, ...params: (string | number)[]) => conn.query<{ n: number }, (string | number)[]>(sql).get(...params)!.n;
  const above = sum("select coalesce(sum(users), 0) as n from rank_counts where category = ? and block = -1 and score > ?", category, score);
  const tiedInEarlierBlocks = sum(
    "select coalesce(sum(users), 0) as n from rank_counts where category = ? and score = ? and block >= 0 and block < ?",
    category,
    score,
    block,
  );
  const tiedInBlock = sum(`select count(*) as n from users where id >= ? and id < ? and is_banned = 0 and ${column} = ?`, blockRange(block)[0], user.id, score);
  return above + tiedInEarlierBlocks + tiedInBlock + 1;
}
