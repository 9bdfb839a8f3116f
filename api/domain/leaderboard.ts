// Rankings. Each category sorts by one counter column with an index (banned users excluded,
// ties to the earlier user).
import { asc, desc, eq } from "../../db/ops.ts";
import { rankBlockBits, users, type User } from "../../db/schema/index.ts";
import type { Deps } from "./context.ts";

export const leaderboardCategories = ["earnings", "referrals", "activity"] as const;
export type LeaderboardCategory = (typeof leaderboardCategories)[number];

const sortField = {
  earnings: "totalEarned",
  referrals: "qualifiedReferrals",
  activity: "tasksCompleted",
} as const;

export function topUsers(deps: Deps, category: LeaderboardCategory, limit: number): (User & { rank: number })[] {
  const column = users[sortField[category]];
  return deps.db
    .select()
    .from(users)
    .where(eq(users.isBanned, false))
    .orderBy(desc(column), asc(users.id))
    .limit(limit)
    .all()
    .map((user, i) => ({ ...user, rank: i + 1 }));
}

/**
 * 1 + the users ahead: a higher score, or the same score and registered earlier (a lower id).
 * Read from rank_counts (kept by triggers): the users above come from one row per higher score,
 * the earlier ties from one row per earlier block, and only the ties inside the user's own
 * block of ids are counted in the order index. Banned users are in none of these.
 */
export function rankOf(deps: Deps, category: LeaderboardCategory, user: User): number {
  const column = users[sortField[category]].name;
  const score = user[sortField[category]];
  const blockStart = (user.id >> rankBlockBits) << rankBlockBits;
  const conn = deps.db.$client;
  const sum = (sql: string, ...params: (string | number)[]) => conn.query<{ n: number }, (string | number)[]>(sql).get(...params)!.n;
  const above = sum("select coalesce(sum(users), 0) as n from rank_counts where category = ? and block = -1 and score > ?", category, score);
  const tiedInEarlierBlocks = sum(
    "select coalesce(sum(users), 0) as n from rank_counts where category = ? and score = ? and block >= 0 and block < ?",
    category,
    score,
    user.id >> rankBlockBits,
  );
  const tiedInBlock = sum(`select count(*) as n from users where ${column} = ? and id >= ? and id < ? and is_banned = 0`, score, blockStart, user.id);
  return above + tiedInEarlierBlocks + tiedInBlock + 1;
}
