// The server's checkpoints run in a worker thread: the WAL reaches the database file without the
// writing connection ever checkpointing itself.
import { expect, test } from "bun:test";
import { mkdtempSync, statSync } from "node:fs";
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
