// The leaderboards' statements on PostgreSQL. They read rank_counts_live: rank_counts, split into
// slots, with the score moves not yet added into it (migration 0009, rank-moves.ts). Its rows are
// parts, some negative, so only their sums count, and a score is held when its sum is above zero.
// The block scans read users by primary key (see sqliteOnlyIndexes for why there is no scores
// index).
import { and, desc, eq, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { rankCountsLive, users } from "@/db/pg/schema/index.ts";
import type { Ranking, RankStatements } from "@/domain/statements/ranks.ts";
import { awaiting, type Op } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

const usersSum = sql<number>`coalesce(sum(${rankCountsLive.users}), 0)::int`;
const held = sql`sum(${rankCountsLive.users}) > 0`;

export function rankStatements(db: PgRunner): RankStatements {
  const counted = (r: Ranking, ...where: SQL[]) => and(eq(rankCountsLive.category, r.category), ...where);
  const unbannedBetween = (from: number, to: number) => and(gte(users.id, from), lt(users.id, to), eq(users.isBanned, false));
  function* total(query: PromiseLike<{ n: number }[]>): Op<number> {
    return (yield* awaiting(query))[0]!.n;
  }
  return {
    *topScores(r, limit) {
      return yield* awaiting(
        db
          .select({ score: rankCountsLive.score, users: usersSum })
          .from(rankCountsLive)
          .where(counted(r, eq(rankCountsLive.block, -1)))
          .groupBy(rankCountsLive.score)
          .having(held)
          .orderBy(desc(rankCountsLive.score))
          .limit(limit),
      );
    },
    *blocksFrom(r, min) {
      return yield* awaiting(
        db
          .select({ block: rankCountsLive.block, score: rankCountsLive.score, users: usersSum })
          .from(rankCountsLive)
          .where(counted(r, gte(rankCountsLive.score, min), gte(rankCountsLive.block, 0)))
          .groupBy(rankCountsLive.block, rankCountsLive.score)
          .having(held),
      );
    },
    *scoresBetween(r, from, to, min) {
      return yield* awaiting(db.select({ id: users.id, score: users[r.score] }).from(users).where(and(unbannedBetween(from, to), gte(users[r.score], min))));
    },
    *usersByIds(ids) {
      return yield* awaiting(db.select().from(users).where(inArray(users.id, ids)));
    },
    *countAbove(r, score) {
      return yield* total(db.select({ n: usersSum }).from(rankCountsLive).where(counted(r, eq(rankCountsLive.block, -1), gt(rankCountsLive.score, score))));
    },
    *countTiedBefore(r, score, block) {
      return yield* total(db.select({ n: usersSum }).from(rankCountsLive).where(counted(r, eq(rankCountsLive.score, score), gte(rankCountsLive.block, 0), lt(rankCountsLive.block, block))));
    },
    *countTiedBetween(r, from, to, score) {
      return yield* total(db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(unbannedBetween(from, to), eq(users[r.score], score))));
    },
  };
}
