// The PostgreSQL triggers keep rank_counts equal to a count over users, as the SQLite ones do
// (tests/rank.test.ts checks the ranks read from them): after inserts, updates and deletes, with
// ties, bans and ids far apart (other blocks), one row or many at a time, and from several
// connections at once. The trigger appends moves that are added into rank_counts later
// (migration 0009): what readers see (rank_counts_live) is right before that and after, and once
// the moves are added in, rank_counts alone is.
import { expect } from "bun:test";
import fc from "fast-check";
import type { SQL } from "bun";
import { migratePg, pgClient } from "@/db/pg/client.ts";
import { reachability } from "@/db/pg/store/reachability.ts";
import { foldRankMoves, foldRankMovesEvery } from "@/db/pg/store/rank-moves.ts";
import { scoresIn } from "@/db/pg/store/ranks.ts";
import { rankBlockBits } from "@/domain/model/index.ts";
import type { Ranking } from "@/domain/statements/ranks.ts";
import { usePostgres } from "./support/postgres.ts";
import { keptAndCounted } from "./support/rank-counts.ts";
import { until } from "./support/until.ts";

const pg = await usePostgres(import.meta.path);

async function migrated() {
  const db = await pg.database();
  await migratePg(db.url);
  return db.sql;
}

const insertUser = (sql: SQL, id: number, score: number, banned: boolean) =>
  sql`insert into users (id, tg_id, first_name, ref_code, total_earned, qualified_referrals, tasks_completed, is_banned, created_at)
      values (${id}, ${id}, 'U', ${`C${id}`}, ${score * 100_000}, ${score}, ${score}, ${banned}, now())`;

const change = fc.oneof(
  fc.record({ kind: fc.constant("score" as const), pick: fc.nat(), score: fc.integer({ min: 0, max: 4 }), banned: fc.boolean() }),
  fc.record({ kind: fc.constant("one" as const), pick: fc.nat(), score: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant("ban" as const), pick: fc.nat(), banned: fc.boolean() }),
  fc.record({ kind: fc.constant("other" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("many" as const), parity: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant("fold" as const) }),
);

pg.test("inserts, updates and deletes of users keep rank_counts equal to a count", async () => {
  const sql = await migrated();
  let nextId = 1;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ gap: fc.integer({ min: 1, max: 9000 }), score: fc.integer({ min: 0, max: 4 }), banned: fc.boolean() }), { minLength: 1, maxLength: 25 }),
      fc.array(change, { maxLength: 12 }),
      async (rows, changes) => {
        // A fresh start each run, so a counterexample shows everything that led to it.
        await sql`delete from users`;
        await sql`delete from rank_counts`;
        await sql`delete from rank_moves`;
        const ids: number[] = [];
        for (const r of rows) {
          ids.push((nextId += r.gap));
          await insertUser(sql, nextId, r.score, r.banned);
        }
        for (const c of changes) {
          const id = "pick" in c ? ids[c.pick % ids.length]! : 0;
          if (c.kind === "score") await sql`update users set total_earned = ${c.score * 100_000}, qualified_referrals = ${c.score + 1}, tasks_completed = ${c.score}, is_banned = ${c.banned} where id = ${id}`;
          // One score moves and the other two stay: only its category may change.
          if (c.kind === "one") await sql`update users set tasks_completed = ${c.score} where id = ${id}`;
          if (c.kind === "ban") await sql`update users set is_banned = ${c.banned} where id = ${id}`;
          if (c.kind === "other") await sql`update users set first_name = 'V', balance = balance + 1 where id = ${id}`;
          if (c.kind === "delete") await sql`delete from users where id = ${id}`;
          if (c.kind === "many") await sql`update users set total_earned = total_earned + 100000, is_banned = not is_banned where id % 2 = ${c.parity}`;
          if (c.kind === "fold") await foldRankMoves(sql);
        }
        const live = await keptAndCounted(sql);
        expect(live.kept).toEqual(live.counted);
        await foldRankMoves(sql);
        expect((await sql`select count(*)::int as n from rank_moves`)[0].n).toBe(0);
        const folded = await keptAndCounted(sql, "rank_counts");
        expect(folded.kept).toEqual(folded.counted);
        expect((await sql`select count(*)::int as n from rank_counts where users < 0`)[0].n).toBe(0);
      },
    ),
    { numRuns: 50 },
  );
}, 60_000);

pg.test("updates from several connections at once, with moves added in meanwhile, keep the counts and never deadlock", async () => {
  const sql = await migrated();
  // Few scores and three blocks, so concurrent updates meet on the same rank_counts rows.
  const ids = Array.from({ length: 48 }, (_, i) => 1 + i * 200);
  for (const id of ids) await insertUser(sql, id, id % 3, false);
  const random = fc.sample(fc.record({ user: fc.constantFrom(...ids), score: fc.integer({ min: 0, max: 3 }), banned: fc.boolean() }), 400);
  await Promise.all([
    ...random.map((u) => sql`update users set total_earned = ${u.score * 100_000}, tasks_completed = tasks_completed + 1, is_banned = ${u.banned} where id = ${u.user}`),
    ...Array.from({ length: 20 }, () => foldRankMoves(sql)),
  ]);
  const live = await keptAndCounted(sql);
  expect(live.kept).toEqual(live.counted);
  await foldRankMoves(sql);
  const folded = await keptAndCounted(sql, "rank_counts");
  expect(folded.kept).toEqual(folded.counted);
}, 60_000);

pg.test("a fold whose connection is ended part way adds nothing; later turns add every move once", async () => {
  const { url, sql } = await pg.database();
  await migratePg(url);
  // A backlog of moves larger than one statement takes (movesPerFold), so turns run back to back.
  await sql`insert into users (id, tg_id, first_name, ref_code, total_earned, qualified_referrals, tasks_completed, created_at)
    select g, g, 'U', 'C' || g, (g % 7) * 100000, g % 3, g % 5, now() from generate_series(1, 40000) g`;
  await sql`update users set tasks_completed = tasks_completed + 1 where id % 2 = 0`;
  const backlog = Number((await sql`select count(*)::int as n from rank_moves`)[0].n);
  expect(backlog).toBeGreaterThan(50_000);

  const folder = pgClient(url, { max: 2 });
  const reach = reachability({ firstPauseMs: 10 });
  const folding = foldRankMovesEvery(folder, reach, 5);
  // The fold's backend ended whenever it is caught running, until five have been.
  let ended = 0;
  while (ended < 5) {
    const [{ n }] = await sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and state = 'active' and query like 'with turn as%'`;
    ended += n;
    await Bun.sleep(1);
  }
  await until("every move added in", async () => Number((await sql`select count(*)::int as n from rank_moves`)[0].n) === 0, 20_000);
  await folding.stop();
  await folder.close();
  const folded = await keptAndCounted(sql, "rank_counts");
  expect(folded.kept).toEqual(folded.counted);
}, 60_000);

pg.test("a top list reads its blocks by primary-key ranges, even for a score above any the statistics have seen", async () => {
  const { url, sql } = await pg.database();
  await migratePg(url);
  await sql`insert into users (id, tg_id, first_name, ref_code, tasks_completed, created_at)
    select g, g, 'U', 'C' || g, g % 30, now() from generate_series(1, 300000) g`;
  await sql`analyze users`;
  // Three users go past the highest score ANALYZE saw, as a completion takes a user to the top.
  const top = [5_000, 90_000, 250_000];
  await sql`update users set tasks_completed = 31 where id = any(${top}::int4[])`;
  const activity: Ranking = { category: "activity", score: "tasksCompleted" };
  const ranges = top.map((id) => [(id >> rankBlockBits) << rankBlockBits, ((id >> rankBlockBits) + 1) << rankBlockBits]);
  const params = [ranges.map(([from]) => from), ranges.map(([, to]) => to), 31];
  const rows = await sql.unsafe(scoresIn(activity), params);
  expect(rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(top);
  const [{ "QUERY PLAN": plan }] = await sql.unsafe(`explain (format json) ${scoresIn(activity)}`, params);
  const text = JSON.stringify(plan);
  expect(text).not.toContain("Seq Scan");
  expect(text).toContain('"Index Name":"users_pkey"');
});
