// Rankings. Each category sorts by one counter column with an index (banned users excluded,
// ties to the earlier user), and a rank is two index range counts.
import { and, asc, desc, eq, gt, lt, sql } from "../../db/ops.ts";
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

export function rankOf(deps: Deps, category: LeaderboardCategory, user: User): number {
  const column = users[sortField[category]];
  const value = user[sortField[category]];
  const count = (where: ReturnType<typeof and>) =>
    deps.db.select({ n: sql<number>`count(*)` }).from(users).where(where).get()!.n;
  const above = count(and(eq(users.isBanned, false), gt(column, value)));
  const tiedBefore = count(and(eq(users.isBanned, false), eq(column, value), lt(users.id, user.id)));
  return above + tiedBefore + 1;
}
