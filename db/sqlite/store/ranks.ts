// The leaderboards' statements on SQLite: plain SQL compiled once per connection (query() caches
// it), as every leaderboard and rank request runs several. The block scans read users_scores_idx,
// which holds every score by id, without touching the wide rows.
import type { Database } from "bun:sqlite";
import type { Db } from "@/db/sqlite/client.ts";
import { inArray } from "@/db/ops.ts";
import { users } from "@/db/sqlite/schema/index.ts";
import type { Ranking, RankStatements, UserScore } from "@/domain/statements/ranks.ts";

const column = (r: Ranking) => users[r.score].name;

export function rankStatements(db: Db): RankStatements {
  const conn: Database = db.$client;
  const sum = (sql: string, ...params: (string | number)[]) => conn.query<{ n: number }, (string | number)[]>(sql).get(...params)!.n;
  return {
    *topScores(r, limit) {
      return conn
        .query<{ score: number; users: number }, [string, number]>(
          "select score, users from rank_counts where category = ? and block = -1 and users > 0 order by score desc limit ?",
        )
        .all(r.category, limit);
    },
    *blocksFrom(r, min) {
      return conn
        .query<{ block: number; score: number; users: number }, [string, number]>(
          "select block, score, users from rank_counts where category = ? and score >= ? and block >= 0 and users > 0",
        )
        .all(r.category, min);
    },
    // One range at a time: on SQLite a statement costs no round trip.
    *scoresIn(r, ranges, min) {
      const scan = conn.query<UserScore, [number, number, number]>(`select id, ${column(r)} as score from users where id >= ? and id < ? and is_banned = 0 and ${column(r)} >= ?`);
      return ranges.flatMap(([from, to]) => scan.all(from, to, min));
    },
    *usersByIds(ids) {
      return db.select().from(users).where(inArray(users.id, ids)).all();
    },
    *countAbove(r, score) {
      return sum("select coalesce(sum(users), 0) as n from rank_counts where category = ? and block = -1 and score > ?", r.category, score);
    },
    *countTiedBefore(r, score, block) {
      return sum("select coalesce(sum(users), 0) as n from rank_counts where category = ? and score = ? and block >= 0 and block < ?", r.category, score, block);
    },
    *countTiedBetween(r, from, to, score) {
      return sum(`select count(*) as n from users where id >= ? and id < ? and is_banned = 0 and ${column(r)} = ?`, from, to, score);
    },
  };
}
