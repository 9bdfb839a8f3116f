import { expect, test } from "bun:test";
import { migrateDb, openDb } from "@/db/sqlite/client.ts";
import { groupCommit } from "./group-commit.ts";

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
