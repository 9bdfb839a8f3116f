import { expect, test } from "bun:test";
import { chmodSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDb, openDb } from "./client.ts";

const fresh = (synchronous?: "FULL" | "NORMAL") => {
  const db = openDb(join(mkdtempSync(join(tmpdir(), "refbot-db-")), "t.sqlite"), { synchronous });
  migrateDb(db);
  return db;
};
const pragma = (db: ReturnType<typeof fresh>, name: string) => Object.values(db.$client.query(`pragma ${name}`).get() as object)[0];

test("the database runs in WAL with foreign keys, a busy timeout and FULL sync by default", () => {
  const db = fresh();
  expect(pragma(db, "journal_mode")).toBe("wal");
  expect(pragma(db, "foreign_keys")).toBe(1);
  expect(pragma(db, "busy_timeout")).toBe(5000);
  expect(pragma(db, "synchronous")).toBe(2); // FULL
  expect(pragma(fresh("NORMAL"), "synchronous")).toBe(1);
  // Savepoint journals in memory; the memory map only when asked for (the server asks).
  expect(pragma(db, "temp_store")).toBe(2);
  expect(pragma(db, "mmap_size")).toBe(0);
  const mapped = openDb(join(mkdtempSync(join(tmpdir(), "refbot-db-")), "m.sqlite"), { mmapMb: 64 });
  expect(pragma(mapped, "mmap_size")).toBe(64 * 1024 * 1024);
});

test("constraints are the backstop: no negative balance, no zero ledger amount, no orphan rows", () => {
  const db = fresh();
  db.$client.run("insert into users (tg_id, first_name, ref_code, created_at) values (1, 'A', 'AAAA', 0)");
  expect(() => db.$client.run("update users set balance = -1")).toThrow("CHECK constraint failed");
  expect(() => db.$client.run("insert into ledger (user_id, type, reason, amount, created_at) values (1, 'credit', 'daily_task', 0, 0)")).toThrow("CHECK constraint failed");
  expect(() => db.$client.run("insert into ledger (user_id, type, reason, amount, created_at) values (99, 'credit', 'daily_task', 5, 0)")).toThrow("FOREIGN KEY constraint failed");
});

test("a database left readable by others is made private when it is opened; its folder keeps its mode", () => {
  const dir = mkdtempSync(join(tmpdir(), "refbot-db-"));
  const path = join(dir, "old.sqlite");
  // Kept open, so its -wal and -shm stay while a second connection opens the file.
  const first = openDb(path);
  migrateDb(first);
  chmodSync(dir, 0o755);
  for (const file of [path, `${path}-wal`, `${path}-shm`]) chmodSync(file, 0o644);
  openDb(path).$client.close();
  const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
  expect([path, `${path}-wal`, `${path}-shm`].map(mode)).toEqual(["600", "600", "600"]);
  expect(mode(dir)).toBe("755");
  first.$client.close();
});
