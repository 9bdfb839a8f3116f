import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDb, openDb, type Db } from "@/db/sqlite/client.ts";
import { walSync } from "@/db/sqlite/wal-sync.ts";
import { until } from "@/tests/support/until.ts";
import { groupCommit, writeQueue } from "./group-commit.ts";

test("units that arrive together commit together; a failing unit is rolled back alone", async () => {
  const db = openDb(":memory:");
  migrateDb(db);
  const add = (n: number) => groupCommit(db, (tx) => db.$client.run("insert into counters (name, value) values (?, ?)", [`c${n}`, n]));
  const boom = groupCommit(db, (tx) => {
    db.$client.run("insert into counters (name, value) values ('half', 1)");
    throw new Error("midway");
  });
  const results = await Promise.allSettled([add(1), boom, add(2), groupCommit(db, async () => 1)]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
  const names = db.$client.query("select name from counters order by name").all() as { name: string }[];
  expect(names.map((r) => r.name)).toEqual(["c1", "c2"]);
});

const fileDb = (synchronous?: "FULL" | "NORMAL") => {
  const path = join(mkdtempSync(join(tmpdir(), "refbot-group-")), "g.sqlite");
  const db = openDb(path, { synchronous });
  migrateDb(db);
  return { db, path };
};
const counter = (db: Db, name: string) => () => db.$client.run("insert into counters (name, value) values (?, 1)", [name]);
const synchronousNow = (db: Db) => db.$client.query<{ synchronous: number }, []>("PRAGMA synchronous").get()!.synchronous;

/** A WAL sync that finishes when the test says: each call is kept with its path. */
function heldSync() {
  const calls: { path: string; finish: (error?: Error) => void }[] = [];
  const sync = (path: string) => new Promise<void>((resolve, reject) => calls.push({ path, finish: (error) => (error ? reject(error) : resolve()) }));
  return { calls, sync };
}

test("at synchronous=FULL a batch commits without its own sync and is acknowledged only once a sync of the WAL begun after it is over", async () => {
  const { db, path } = fileDb();
  const held = heldSync();
  const enqueue = writeQueue(db, { wal: walSync(db, held.sync) });
  let acknowledged = false;
  const seenInside: number[] = [];
  const first = enqueue(() => {
    seenInside.push(synchronousNow(db));
    counter(db, "first")();
  }).then(() => (acknowledged = true));
  await until("the first sync", () => held.calls.length === 1);
  expect(held.calls[0]!.path).toBe(`${path}-wal`);
  // Committed (another connection sees it), at NORMAL, with FULL back for every other transaction...
  expect(seenInside).toEqual([1]);
  expect(synchronousNow(db)).toBe(2);
  expect(new Database(path).query("select name from counters").all()).toEqual([{ name: "first" }]);
  // ...and not acknowledged while the sync runs. A unit that comes meanwhile waits for it to end.
  const second = enqueue(counter(db, "second"));
  await Bun.sleep(30);
  expect(acknowledged).toBe(false);
  expect(held.calls).toHaveLength(1);
  held.calls[0]!.finish();
  await first;
  expect(acknowledged).toBe(true);
  await until("the second sync", () => held.calls.length === 2);
  held.calls[1]!.finish();
  await second;
});

test("a failed sync of the WAL fails every unit of its batch, refused ones too, and the queue goes on", async () => {
  const { db } = fileDb();
  const held = heldSync();
  const enqueue = writeQueue(db, { wal: walSync(db, held.sync) });
  const batch = [enqueue(counter(db, "a")), enqueue(() => { throw new Error("refused"); })];
  await until("the first sync", () => held.calls.length === 1);
  held.calls[0]!.finish(new Error("EIO: i/o error, fdatasync"));
  const results = await Promise.allSettled(batch);
  expect(results.map((r) => (r.status === "rejected" ? (r.reason as Error).message : "ok"))).toEqual(["EIO: i/o error, fdatasync", "EIO: i/o error, fdatasync"]);
  const next = enqueue(counter(db, "b"));
  await until("the second sync", () => held.calls.length === 2);
  held.calls[1]!.finish();
  await next;
});

test("the deferred sync is for FULL in WAL only: at NORMAL and in memory a commit needs no sync", async () => {
  expect(walSync(fileDb().db)).toBeDefined();
  expect(walSync(fileDb("NORMAL").db)).toBeUndefined();
  expect(walSync(openDb(":memory:"))).toBeUndefined();
  // The real sync, on a real file: the units are acknowledged and their rows are there.
  const { db, path } = fileDb();
  await Promise.all([groupCommit(db, counter(db, "x")), groupCommit(db, counter(db, "y"))]);
  expect(new Database(path).query("select name from counters order by name").all()).toEqual([{ name: "x" }, { name: "y" }]);
});

test("a batch's sync of the WAL waits for a single turn of a busy request thread", async () => {
  const { db } = fileDb();
  await groupCommit(db, counter(db, "first"));
  // Each turn of the event loop is kept busy, as the thread is while it serves other requests: an
  // open, a sync and a close done one after the other would each wait for a turn of their own.
  const busyTurn = () => {
    const start = performance.now();
    while (performance.now() - start < 100);
  };
  let acknowledged = false;
  const second = groupCommit(db, counter(db, "second")).then(() => (acknowledged = true));
  let turns = 0;
  for (; !acknowledged && turns < 10; turns++) {
    busyTurn();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await second;
  // The batch commits in the first turn; its sync ends during the second, or a later one on a slow disk.
  expect(turns).toBeLessThanOrEqual(3);
});

