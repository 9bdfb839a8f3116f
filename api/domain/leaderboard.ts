// Rankings. Each category sorts by one counter column with an index (banned users excluded,
// ties to the earlier user).
import { and, asc, desc, eq, gt, lt, sql, type SQL } from "../../db/ops.ts";
import { users, type User } from "../../db/schema/index.ts";
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
 * 1 + the users ahead: higher score, or the same score and registered earlier. Each count reads
 * the category's order index alone; banned users ahead are counted through their small partial
 * index and taken off.
 */
export function rankOf(deps: Deps, category: LeaderboardCategory, user: User): number {
  const column = users[sortField[category]];
  const value = user[sortField[category]];
  const count = (where: SQL | undefined) => deps.db.select({ n: sql<number>`count(*)` }).from(users).where(where).get()!.n;
  const all = count(gt(column, value)) + count(and(eq(column, value), lt(users.id, user.id)));
  // Named explicitly: left to itself the planner may walk the big order index instead.
  const [banned] = deps.db.all<{ n: number }>(sql`
    select count(*) as n from ${users} indexed by users_banned_idx
    where ${users.isBanned} = 1 and (${column} > ${value} or (${column} = ${value} and ${users.id} < ${user.id}))`);
  return all - banned!.n + 1;
}
