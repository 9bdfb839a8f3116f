// The leaderboards' statements on PostgreSQL, as plain SQL that Bun prepares once per connection
// (every leaderboard and rank request runs several; drizzle's building of each cost more than
// PostgreSQL's answer). They read rank_counts_live: rank_counts with the score moves not yet added
// into it (migration 0009, rank-moves.ts). Its rows are parts, some negative, so only their sums
// count, and a score is held when its sum is above zero. The block scans read users by primary
// key (see sqliteOnlyIndexes for why there is no scores index).
import { rowReader } from "@/db/row-reader.ts";
import { users } from "@/db/pg/schema/index.ts";
import type { Ranking, RankStatements } from "@/domain/statements/ranks.ts";
import { awaiting, type Op } from "@/domain/store.ts";
import { clientOf, int8, type PgRunner } from "./runner.ts";

const column = (r: Ranking) => users[r.score].name;
const userRow = rowReader(users);

const topScores = `select score, sum(users)::int as users from rank_counts_live
  where category = $1 and block = -1 group by score having sum(users) > 0 order by score desc limit $2`;
const blocksFrom = `select block, score, sum(users)::int as users from rank_counts_live
  where category = $1 and score >= $2 and block >= 0 group by block, score having sum(users) > 0`;
// Every range in one statement, each an index range scan of the primary key. Each range is read
// in a subquery of its own (OFFSET 0 keeps PostgreSQL from folding it into a join): as a join, a
// threshold above the highest score the statistics have seen (a user who just completed a task
// and went top) was estimated to match one user, and the planner scanned the whole table for it,
// 125 ms at a million users against 9 for the ranges.
export const scoresIn = (r: Ranking) => `select x.id, x.score from unnest($1::int4[], $2::int4[]) as span(first, after)
  cross join lateral (select u.id, u.${column(r)} as score from users u
    where u.id >= span.first and u.id < span.after and not u.is_banned and u.${column(r)} >= $3 offset 0) x`;
const usersByIds = `select ${userRow.select("u")} from users u where u.id = any($1::int4[])`;
const countAbove = `select coalesce(sum(users), 0)::int as n from rank_counts_live where category = $1 and block = -1 and score > $2`;
const countTiedBefore = `select coalesce(sum(users), 0)::int as n from rank_counts_live where category = $1 and score = $2 and block >= 0 and block < $3`;
const countTiedBetween = (r: Ranking) => `select count(*)::int as n from users where id >= $1 and id < $2 and not is_banned and ${column(r)} = $3`;

type Counted = { score: unknown; users: number };

export function rankStatements(db: PgRunner): RankStatements {
  const run = <T>(text: string, values: unknown[]): Op<T[]> => awaiting(clientOf(db).unsafe(text, values) as PromiseLike<T[]>);
  function* total(text: string, values: unknown[]): Op<number> {
    return (yield* run<{ n: number }>(text, values))[0]!.n;
  }
  return {
    *topScores(r, limit) {
      return (yield* run<Counted>(topScores, [r.category, limit])).map((row) => ({ score: int8(row.score), users: row.users }));
    },
    *blocksFrom(r, min) {
      return (yield* run<Counted & { block: number }>(blocksFrom, [r.category, min])).map((row) => ({ block: row.block, score: int8(row.score), users: row.users }));
    },
    *scoresIn(r, ranges, min) {
      const rows = yield* run<{ id: number; score: unknown }>(scoresIn(r), [ranges.map(([from]) => from), ranges.map(([, to]) => to), min]);
      return rows.map((row) => ({ id: row.id, score: int8(row.score) }));
    },
    *usersByIds(ids) {
      const rows: unknown[][] = yield* awaiting(clientOf(db).unsafe(usersByIds, [ids]).values());
      return rows.map((values) => userRow.read(values)!);
    },
    *countAbove(r, score) {
      return yield* total(countAbove, [r.category, score]);
    },
    *countTiedBefore(r, score, block) {
      return yield* total(countTiedBefore, [r.category, score, block]);
    },
    *countTiedBetween(r, from, to, score) {
      return yield* total(countTiedBetween(r), [from, to, score]);
    },
  };
}
