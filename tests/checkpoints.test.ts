// The server's checkpoints run in a worker thread: the WAL reaches the database file without the
// writing connection ever checkpointing itself.
import { expect, test } from "bun:test";
import { closeSync, mkdtempSync, openSync, readSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkpointInBackground } from "@/db/sqlite/checkpoints.ts";
import { openDb } from "@/db/sqlite/client.ts";

test("a worker thread copies the WAL into the database file, and stops on request", async () => {
  const path = join(mkdtempSync(join(tmpdir(), "refbot-ckpt-")), "db.sqlite");
  const db = openDb(path);
  db.sqlite.run("PRAGMA wal_autocheckpoint = 0"); // the writer never checkpoints here
  db.sqlite.run("create table blobs (id integer primary key, data blob)");
  const before = statSync(path).size;
  const checkpoints = checkpointInBackground(db, path, { everyMs: 20 });
  const insert = db.sqlite.prepare("insert into blobs (data) values (randomblob(4000))");
  db.sqlite.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run();
  })();
  // About 8 MB went to the WAL; the worker moves it into the file.
  for (let i = 0; i < 100 && statSync(path).size < before + 7_000_000; i++) await Bun.sleep(50);
  expect(statSync(path).size).toBeGreaterThan(before + 7_000_000);
  await checkpoints.stop();
  expect(db.sqlite.query("select count(*) as n from blobs").get()).toEqual({ n: 2000 });
  db.sqlite.close();
});

/** How many times the WAL has started over from its beginning: its header's checkpoint sequence. */
function walRestarts(path: string): number {
  const fd = openSync(`${path}-wal`, "r");
  try {
    const header = Buffer.alloc(4);
    readSync(fd, header, 0, 4, 12);
    return header.readUInt32BE(0);
  } finally {
    closeSync(fd);
  }
}

test("under a steady stream of commits the worker keeps right behind the writer, so most commits start the WAL over", async () => {
  // The WAL can start over only when a write begins with all of it copied. A worker that looked
  // every 50 ms let a stream of commits find it copied about once per 50 ms; under load the rest
  // was left to the writer's own checkpoint, which made a whole batch of requests wait.
  const path = join(mkdtempSync(join(tmpdir(), "refbot-ckpt-")), "db.sqlite");
  const db = openDb(path);
  db.sqlite.run("PRAGMA wal_autocheckpoint = 0");
  db.sqlite.run("create table blobs (id integer primary key, data blob)");
  const checkpoints = checkpointInBackground(db, path);
  const insert = db.sqlite.prepare("insert into blobs (data) values (randomblob(4000))");
  const commit = db.sqlite.transaction(() => {
    for (let i = 0; i < 20; i++) insert.run();
  });
  const commits = 200;
  const before = walRestarts(path);
  for (let i = 0; i < commits; i++) {
    commit();
    await Bun.sleep(3); // the gap between two group commits, while requests are read
  }
  const restarts = walRestarts(path) - before;
  await checkpoints.stop();
  db.sqlite.close();
  expect(restarts).toBeGreaterThan(commits / 4);
});
