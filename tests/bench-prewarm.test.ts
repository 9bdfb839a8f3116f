// The PostgreSQL bench reads its database into the file cache before measuring (bench-postgres.ts:
// prewarmDatabase): every table and index of the product's schema, PostgreSQL's own catalogs left
// out, and a second read costs the same blocks again rather than failing on the extension.
import { expect } from "bun:test";
import { prewarmDatabase } from "./bench/bench-postgres.ts";
import { usePostgres } from "./support/postgres.ts";

const pg = await usePostgres(import.meta.path);

pg.test("reads every block of the schema's tables and indexes, and says so", async () => {
  const db = await pg.migratedDatabase();
  await db.sql.unsafe(`insert into users (tg_id, first_name, ref_code, created_at)
    select 10000000 + i, 'User ' || i, 'R' || i, now() from generate_series(1, 5000) as i`);
  const blocksOf = async (query: string) => Number((await db.sql.unsafe(query))[0].blocks);
  // The users table and each of its indexes, by name: all of them are read.
  const users = await blocksOf(`select sum(pg_relation_size(c.oid) / 8192)::int8 as blocks from pg_class c
    where c.oid = 'users'::regclass or c.oid in (select indexrelid from pg_index where indrelid = 'users'::regclass)`);
  // The whole database, PostgreSQL's catalogs included: more than is read.
  const whole = await blocksOf("select (pg_database_size(current_database()) / 8192)::int8 as blocks");
  const said: string[] = [];
  const first = await prewarmDatabase(db.sql, (line) => said.push(line));
  expect(users).toBeGreaterThan(100);
  expect(first!.blocks).toBeGreaterThan(users);
  expect(first!.blocks).toBeLessThan(whole);
  expect(said).toEqual([expect.stringMatching(new RegExp(`^read ${first!.blocks} blocks into the file cache in \\d+\\.\\d s$`))]);
  expect((await prewarmDatabase(db.sql, () => {}))?.blocks).toBe(first!.blocks);
});
