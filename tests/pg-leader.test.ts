// One instance of the fleet leads at a time through a session advisory lock: a second waits, and
// takes over within the retry interval when the leader stops or its connection is killed.
import { expect } from "bun:test";
import { pgClient } from "@/db/pg/client.ts";
import { pgLeadership } from "@/db/pg/leader.ts";
import { captureLog } from "./support/logs.ts";
import { usePostgres } from "./support/postgres.ts";
import { until } from "./support/until.ts";

const pg = await usePostgres(import.meta.path);

pg.test("one leads; the other takes over when the leader stops", async () => {
  const { url } = await pg.database();
  const [a, b] = [pgClient(url, { max: 2 }), pgClient(url, { max: 2 })];
  const first = pgLeadership(a, "refbot.test", { retryMs: 100 });
  await until("the first to lead", () => first.isLeading());
  const second = pgLeadership(b, "refbot.test", { retryMs: 100 });
  await Bun.sleep(400);
  expect([first.isLeading(), second.isLeading()]).toEqual([true, false]);
  await first.stop();
  await until("the second to take over", () => second.isLeading());
  await second.stop();
  await Promise.all([a.close(), b.close()]);
});

pg.test("a leader whose connection dies (as a killed process's does) is replaced within the interval; each says so in its log", async () => {
  const { url, sql } = await pg.database();
  const [a, b] = [pgClient(url, { max: 2 }), pgClient(url, { max: 2 })];
  const changes: boolean[] = [];
  const [firstLog, secondLog] = [captureLog(), captureLog()];
  const first = pgLeadership(a, "refbot.test", { retryMs: 100, log: firstLog.log });
  first.onChange((leading) => changes.push(leading));
  await until("the first to lead", () => first.isLeading());
  const second = pgLeadership(b, "refbot.test", { retryMs: 100, log: secondLog.log });
  // Only this test database's lock holder: other databases on the server may be in use.
  await sql`select pg_terminate_backend(pid) from pg_locks
    where locktype = 'advisory' and granted and pid <> pg_backend_pid() and database = (select oid from pg_database where datname = current_database())`;
  const killedAt = performance.now();
  await until("the second to take over", () => second.isLeading());
  expect(performance.now() - killedAt).toBeLessThan(2_000);
  // The old leader notices and stands down rather than believing it still leads.
  await until("the old leader to stand down", () => !first.isLeading());
  expect(changes).toEqual([true, false]);
  expect([first.isLeading(), second.isLeading()]).toEqual([false, true]);
  const said = (log: typeof firstLog) => log.lines().map(({ level, msg, lock }) => ({ level, msg, lock }));
  expect(said(firstLog)).toEqual([
    { level: "info", msg: "leading the fleet", lock: "refbot.test" },
    { level: "warn", msg: "no longer leading the fleet", lock: "refbot.test" },
    { level: "warn", msg: "leadership check failed", lock: "refbot.test" },
  ]);
  expect(said(secondLog)).toEqual([{ level: "info", msg: "leading the fleet", lock: "refbot.test" }]);
  await Promise.all([first.stop(), second.stop()]);
  await Promise.all([a.close(), b.close()]);
});
