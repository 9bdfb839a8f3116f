// Moving the rank counts to blocks of 1024 ids (SQLite's migration 0021, PostgreSQL's 0022) on a
// database that already has users counted in blocks of 4096, on PostgreSQL with score moves not
// yet added in: afterwards the counts equal a count over users in the new blocks, and the
// triggers keep them so through the changes that follow.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/bun-sql";
import { migrate as migratePgFolder } from "drizzle-orm/bun-sql/migrator";
import { drizzle as drizzleSqlite } from "drizzle-orm/bun-sqlite";
import { migrate as migrateSqliteFolder } from "drizzle-orm/bun-sqlite/migrator";
import { migratePg, pgClient, pgMigrationsFolder } from "@/db/pg/client.ts";
import { foldRankMoves } from "@/db/pg/store/rank-moves.ts";
import { migrationsFolder } from "@/db/sqlite/client.ts";
import { rankBlockBits } from "@/domain/model/index.ts";
import { usePostgres } from "./support/postgres.ts";
import { keptAndCounted } from "./support/rank-counts.ts";

const pg = await usePostgres(import.meta.path);

/** A copy of `folder` whose journal stops before the migration tagged `tag`. */
function migrationsBefore(folder: string, tag: string): { folder: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "refbot-migrations-"));
  cpSync(folder, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag} in ${folder}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder: dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Ids far apart, so the old blocks of 4096 and the new of 1024 differ; scores with ties; some banned. */
const scene = Array.from({ length: 60 }, (_, i) => ({ id: 1 + i * 1777, score: (i * 7) % 5, banned: i % 11 === 3 }));

/** SQLite's counts as they must be: each non-banned user once per category in block -1 and once in their block (`id >> shift`). */
const countQuery = (shift: number) => `
  select category, case when k = -1 then -1 else id >> ${shift} end as block, score, count(*) as users from (
    select 'earnings' as category, total_earned as score, id from users where is_banned = 0
    union all select 'referrals', qualified_referrals, id from users where is_banned = 0
    union all select 'activity', tasks_completed, id from users where is_banned = 0
  ) s cross join (select -1 as k union all select 0) blocks
  group by 1, 2, 3 order by 1, 2, 3`;

describe("rank counts in blocks of 1024", () => {
  test("SQLite: the migration counts the users again in the new blocks, and the triggers follow them", () => {
    const before = migrationsBefore(migrationsFolder, "0021_finer_rank_blocks");
    const dir = mkdtempSync(join(tmpdir(), "refbot-rank-blocks-"));
    const sqlite = new Database(join(dir, "db.sqlite"));
    try {
      const db = drizzleSqlite({ client: sqlite });
      migrateSqliteFolder(db, { migrationsFolder: before.folder });
      const insert = sqlite.prepare(`insert into users (id, tg_id, first_name, ref_code, total_earned, qualified_referrals, tasks_completed, is_banned, created_at)
        values (?, ?, 'U', ?, ?, ?, ?, ?, 0)`);
      for (const u of scene) insert.run(u.id, u.id, `C${u.id}`, u.score * 100_000, u.score, u.score, u.banned ? 1 : 0);
      const kept = () => sqlite.query("select category, block, score, users from rank_counts where users <> 0 order by 1, 2, 3").all();
      const counted = (shift: number) => sqlite.query(countQuery(shift)).all();
      expect(kept()).toEqual(counted(12));

      migrateSqliteFolder(db, { migrationsFolder });
      expect(rankBlockBits).toBe(10);
      expect(kept()).toEqual(counted(rankBlockBits));

      sqlite.run("update users set tasks_completed = tasks_completed + 3, total_earned = total_earned + 1 where id % 3 = 0");
      sqlite.run("update users set is_banned = 1 - is_banned where id % 5 = 1");
      sqlite.run("delete from users where id % 7 = 2");
      expect(kept()).toEqual(counted(rankBlockBits));
    } finally {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
      before.done();
    }
  });

  pg.test("PostgreSQL: the migration counts the users again, pending moves included, and the moves that follow land in the new blocks", async () => {
    const before = migrationsBefore(pgMigrationsFolder, "0022_finer_rank_blocks");
    const db = await pg.database();
    const sql: SQL = db.sql;
    const migrator = pgClient(db.url, { max: 1 });
    try {
      await migratePgFolder(drizzlePg({ client: migrator }), { migrationsFolder: before.folder });
      for (const u of scene) {
        await sql`insert into users (id, tg_id, first_name, ref_code, total_earned, qualified_referrals, tasks_completed, is_banned, created_at)
          values (${u.id}, ${u.id}, 'U', ${`C${u.id}`}, ${u.score * 100_000}, ${u.score}, ${u.score}, ${u.banned}, now())`;
      }
      await foldRankMoves(sql);
      // Moves the old code recorded and nobody added in yet.
      await sql`update users set tasks_completed = tasks_completed + 2 where id % 2 = 0`;
      expect((await sql`select count(*)::int as n from rank_moves`)[0].n).toBeGreaterThan(0);

      const live = await keptAndCounted(sql, "rank_counts_live", 12);
      expect(live.kept).toEqual(live.counted);

      await migratePg(db.url);
      const migrated = await keptAndCounted(sql);
      expect(migrated.kept).toEqual(migrated.counted);
      expect((await sql`select count(*)::int as n from rank_moves`)[0].n).toBe(0);

      await sql`update users set total_earned = total_earned + 5, qualified_referrals = qualified_referrals + 1 where id % 3 = 0`;
      await sql`update users set is_banned = not is_banned where id % 5 = 1`;
      await sql`delete from users where id % 7 = 2`;
      const changed = await keptAndCounted(sql);
      expect(changed.kept).toEqual(changed.counted);
      await foldRankMoves(sql);
      const folded = await keptAndCounted(sql, "rank_counts");
      expect(folded.kept).toEqual(folded.counted);
    } finally {
      await migrator.close();
      before.done();
    }
  });
});
