// The change feed on PostgreSQL (db/pg/store/changes.ts): a store hears a change to the tasks
// committed by another process the moment the store is handed out, again after its listening
// connection was dropped, and again as soon as the database is back from an outage. A store that served before its LISTEN was acknowledged would keep the
// tasks it read until the next change.
import { expect } from "bun:test";
import { openPg, pgClient } from "@/db/pg/client.ts";
import { pgStore } from "@/db/pg/store/index.ts";
import type { AppError } from "@/domain/errors.ts";
import { usePostgres } from "../support/postgres.ts";
import { until } from "../support/until.ts";

const pg = await usePostgres(import.meta.path);

pg.test("a change committed elsewhere right after the store is handed out is heard, store after store", async () => {
  const { url, sql } = await pg.migratedDatabase();
  const [{ id }] = await sql`insert into tasks (kind, title, reward, created_at) values ('custom', 'Watch', 100000, now()) returning id`;
  for (let i = 0; i < 10; i++) {
    const db = openPg(url, { max: 2 });
    const store = await pgStore(db);
    let heard = 0;
    store.changes.onTasks(() => heard++);
    await sql`update tasks set title = ${`Watch ${i}`} where id = ${id}`;
    await until(`store ${i} to hear the change`, () => heard > 0, 2_000);
    await store.close();
    await db.$client.close();
  }
});

pg.test("after its listening connection is dropped, the store counts the tasks as changed and hears the next change", async () => {
  const { url, sql } = await pg.migratedDatabase();
  const db = openPg(url, { max: 2 });
  const store = await pgStore(db);
  let heard = 0;
  store.changes.onTasks(() => heard++);
  await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`;
  // Notices sent while it was away are lost, so listening again counts as a change.
  await until("listening again", () => heard === 1, 5_000);
  const [{ id }] = await sql`insert into tasks (kind, title, reward, created_at) values ('custom', 'Later', 100000, now()) returning id`;
  await until("the insert heard", () => heard === 2, 2_000);
  expect(id).toBeGreaterThan(0);
  await store.close();
  await db.$client.close();
});

pg.test("while the database is away nothing read is kept, and once it is back the store listens again at once", async () => {
  const { url, sql, name } = await pg.migratedDatabase();
  const [{ id }] = await sql`insert into tasks (kind, title, reward, created_at) values ('custom', 'Away', 100000, now()) returning id`;
  const outside = Object.assign(new URL(url), { pathname: "/postgres" });
  const admin = pgClient(outside.href, { max: 1 });
  const db = openPg(url, { max: 2 });
  const store = await pgStore(db);
  let heard = 0;
  store.changes.onTasks(() => heard++);
  expect(store.changes.settled()).toBe(true);

  await admin.unsafe(`alter database "${name}" allow_connections false`);
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
  const refused = await store.read((tx) => tx.tasks.active()).catch((error: AppError) => error.code);
  expect([refused, store.changes.settled()]).toEqual(["DATABASE_UNAVAILABLE", false]);
  // Long enough for the listening connection's own retries to be seconds apart (Bun's backoff
  // doubles from 250 ms: its try after 7.75 s would be the last before about 15.75 s).
  await Bun.sleep(9_000);
  await admin.unsafe(`alter database "${name}" allow_connections true`);
  await admin.close();

  const back = performance.now();
  await until("a read to succeed", () => store.read((tx) => tx.tasks.active()).then(() => true, () => false), 10_000);
  await until("listening again", () => store.changes.settled(), 2_000);
  const before = heard;
  await sql`update tasks set title = 'Back' where id = ${id}`;
  await until("the change heard", () => heard > before, 1_000);
  expect(performance.now() - back).toBeLessThan(3_000);
  await store.close();
  await db.$client.close();
}, 30_000);
