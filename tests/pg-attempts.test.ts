// When a PostgreSQL transaction runs again (attempts.ts): after a conflict PostgreSQL asks to be
// retried, after a connection lost before COMMIT, and after one lost during COMMIT only if the
// database says the transaction did not commit. A commit that took is answered as the commit it
// was, never run twice; an outcome nobody can tell is said to be unknown, not "nothing changed".
import { expect } from "bun:test";
import type { SQL } from "bun";
import { pgClient } from "@/db/pg/client.ts";
import { retrying, type Attempt } from "@/db/pg/store/attempts.ts";
import { reachability } from "@/db/pg/store/reachability.ts";
import { AppError } from "@/domain/errors.ts";
import { usePostgres } from "./support/postgres.ts";

const pg = await usePostgres(import.meta.path);

const lostConnection = () => Object.assign(new Error("Connection closed"), { code: "ERR_POSTGRES_CONNECTION_CLOSED" });
const endedByServer = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "ERR_POSTGRES_SERVER_ERROR", errno: "57P01" });

/** The id of a transaction that wrote a row and then committed, or rolled back. */
async function finishedXid(sql: SQL, end: "commit" | "rollback"): Promise<string> {
  const connection = await sql.reserve();
  try {
    await connection`begin`;
    await connection`insert into marks (at) values (now())`;
    const [{ xid }] = await connection`select txid_current()::text as xid`;
    await connection.unsafe(end);
    return xid;
  } finally {
    connection.release();
  }
}

async function setUp() {
  const { sql } = await pg.database();
  await sql`create table marks (at timestamptz)`;
  return sql;
}

/** A run that fails the first `failures` times with `error`, having got as far as `committing` says. */
function failingRun<T>(failures: number, error: () => Error, reach: (attempt: Attempt<T>) => void, value: T) {
  let calls = 0;
  const run = async (attempt: Attempt<T>) => {
    calls++;
    if (calls <= failures) {
      reach(attempt);
      throw error();
    }
    return value;
  };
  return { run, calls: () => calls };
}

pg.test("a connection lost during a COMMIT that took: the commit's answer, and no second run", async () => {
  const sql = await setUp();
  const xid = await finishedXid(sql, "commit");
  const run = failingRun(1, lostConnection, (a) => ((a.xid = Promise.resolve(xid)), (a.committing = { value: "saved" })), "ran again");
  expect(await retrying(sql, reachability(), run.run)).toBe("saved");
  expect(run.calls()).toBe(1);
});

pg.test("a connection lost during a COMMIT that did not take: run again", async () => {
  const sql = await setUp();
  const xid = await finishedXid(sql, "rollback");
  const run = failingRun(1, endedByServer, (a) => ((a.xid = Promise.resolve(xid)), (a.committing = { value: "saved" })), "ran again");
  expect(await retrying(sql, reachability(), run.run)).toBe("ran again");
  expect(run.calls()).toBe(2);
});

pg.test("a connection lost during a COMMIT nobody can ask about: COMMIT_UNCONFIRMED, not run again", async () => {
  const sql = await setUp();
  const run = failingRun(1, lostConnection, (a) => (a.committing = { value: "saved" }), "ran again");
  const error = await retrying(sql, reachability(), run.run).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect([(error as AppError).code, (error as AppError).status]).toEqual(["COMMIT_UNCONFIRMED", 503]);
  expect(run.calls()).toBe(1);
});

pg.test("a connection lost before COMMIT: run again, and after five tries DATABASE_UNAVAILABLE", async () => {
  const sql = pgClient("postgres://postgres@127.0.0.1:1/none", { max: 1 });
  const brief = failingRun(2, lostConnection, () => {}, "done");
  expect(await retrying(sql, reachability(), brief.run)).toBe("done");
  expect(brief.calls()).toBe(3);

  // Tries that find the database away with no probe due are not run: fewer runs than tries.
  const down = failingRun(99, lostConnection, () => {}, "done");
  const error = await retrying(sql, reachability({ firstPauseMs: 120 }), down.run).catch((e: unknown) => e);
  expect([(error as AppError).code, (error as AppError).status]).toEqual(["DATABASE_UNAVAILABLE", 503]);
  expect(down.calls()).toBeGreaterThan(1);
  expect(down.calls()).toBeLessThan(5);
  await sql.close();
});

pg.test("while the database is away, concurrent requests wait for one probe instead of each trying", async () => {
  const sql = pgClient("postgres://postgres@127.0.0.1:1/none", { max: 1 });
  const reach = reachability({ firstPauseMs: 10 });
  let runs = 0;
  const run = async () => {
    runs++;
    await Bun.sleep(20);
    throw lostConnection();
  };
  const errors = await Promise.all(Array.from({ length: 50 }, () => retrying(sql, reach, run).catch((e: AppError) => e.code)));
  expect(new Set(errors)).toEqual(new Set(["DATABASE_UNAVAILABLE"]));
  // The first tries of all fifty were under way before the first loss; after it, one at a time.
  expect(runs).toBeLessThan(50 + 10);
  await sql.close();
});

pg.test("a deadlock runs again; a statement's own error is thrown as it is, at once", async () => {
  const sql = await setUp();
  const deadlock = failingRun(1, () => Object.assign(new Error("deadlock detected"), { errno: "40P01" }), () => {}, "done");
  expect(await retrying(sql, reachability(), deadlock.run)).toBe("done");
  expect(deadlock.calls()).toBe(2);

  const refused = failingRun(1, () => Object.assign(new Error("duplicate key"), { errno: "23505" }), () => {}, "done");
  expect(((await retrying(sql, reachability(), refused.run).catch((e: unknown) => e)) as Error).message).toBe("duplicate key");
  expect(refused.calls()).toBe(1);
});

pg.test("a database out of disk (53100) is STORAGE_FULL at once; a connection closed before it was established counts as lost", async () => {
  const sql = await setUp();
  const full = failingRun(1, () => Object.assign(new Error("could not extend file: No space left on device"), { errno: "53100" }), () => {}, "done");
  const error = (await retrying(sql, reachability(), full.run).catch((e: unknown) => e)) as AppError;
  expect(error).toBeInstanceOf(AppError);
  expect([error.code, error.status]).toEqual(["STORAGE_FULL", 503]);
  expect(full.calls()).toBe(1);

  // What Bun says when a load balancer accepts the connection and closes it at once.
  const closedEarly = () => Object.assign(new Error("Connection closed before the connection was established"), { code: "ERR_POSTGRES_CONNECTION_FAILED" });
  const balancer = failingRun(1, closedEarly, () => {}, "done");
  expect(await retrying(sql, reachability(), balancer.run)).toBe("done");
  const down = failingRun(99, closedEarly, () => {}, "done");
  expect(((await retrying(sql, reachability(), down.run).catch((e: unknown) => e)) as AppError).code).toBe("DATABASE_UNAVAILABLE");

  // Tries stop once the call has taken its budget, however many are left.
  const slow = failingRun(99, () => (Bun.sleepSync(150), lostConnection()), () => {}, "done");
  const started = performance.now();
  expect(((await retrying(sql, reachability(), slow.run, { budgetMs: 200 }).catch((e: unknown) => e)) as AppError).code).toBe("DATABASE_UNAVAILABLE");
  expect(slow.calls()).toBeLessThan(5);
  expect(performance.now() - started).toBeLessThan(1_000);
  await sql.close();
});
