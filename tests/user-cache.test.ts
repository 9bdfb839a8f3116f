// The signed-in user and their completions are kept between requests. Whatever writes the row
// (any code in this process, a transaction that rolls back, another process) must show at once,
// or within a second for another process.
import { beforeEach, expect, test } from "bun:test";
import { inTransaction } from "@/db/sqlite/transaction.ts";
import { findUserByTgId } from "@/domain/users.ts";
import { openDb } from "@/db/sqlite/client.ts";
import { eq } from "@/db/ops.ts";
import { users } from "@/db/sqlite/schema/index.ts";
import { makeTestApp, type SqliteTestApp } from "./support/app.ts";

let t: SqliteTestApp;
beforeEach(async () => {
  t = await makeTestApp();
});

const me = async (tgId: number) => (await t.request("GET", "/api/me", { headers: t.userHeaders(tgId) })).body;

test("a write to the user's row by any code in this process shows on the next request", async () => {
  const user = await t.makeUser();
  expect((await me(user.tgId)).balanceUsdt).toBe("0.00");
  t.db.update(users).set({ balance: 1_500_000 }).where(eq(users.id, user.id)).run();
  expect((await me(user.tgId)).balanceUsdt).toBe("1.50");
  t.db.$client.run("update users set is_banned = 1, ban_reason = 'spam' where id = ?", [user.id]);
  expect((await me(user.tgId)).isBanned).toBe(true);
});

test("what a rolled-back transaction wrote is never served", async () => {
  const user = await t.makeUser();
  await me(user.tgId);
  let readInside: ReturnType<typeof findUserByTgId> | undefined;
  expect(() =>
    inTransaction(t.db, (tx) => {
      tx.update(users).set({ balance: 99_000_000 }).where(eq(users.id, user.id)).run();
      // Read inside the transaction: the uncommitted row must not be kept for later requests.
      readInside = findUserByTgId(t.deps, user.tgId);
      throw new Error("changed my mind");
    }),
  ).toThrow("changed my mind");
  expect((await readInside)?.balance).toBe(99_000_000);
  expect((await me(user.tgId)).balanceUsdt).toBe("0.00");
});

test("another process's write shows within a second, completions included", async () => {
  const user = await t.makeUser();
  const task = await t.makeTask();
  const active = async () => (await t.request("GET", "/api/tasks/active", { headers: t.userHeaders(user.tgId) })).body as { id: number; isCompleted: boolean }[];
  expect((await me(user.tgId)).balanceUsdt).toBe("0.00");
  expect((await active()).find((x) => x.id === task.id)?.isCompleted).toBe(false);

  const other = openDb(t.deps.config.databasePath);
  other.sqlite.run("update users set balance = 2000000 where id = ?", [user.id]);
  other.sqlite.run("insert into task_completions (task_id, user_id, day, reward, created_at) values (?, ?, '2026-03-10', 0, 0)", [task.id, user.id]);
  other.sqlite.close();
  await Bun.sleep(1100);
  expect((await me(user.tgId)).balanceUsdt).toBe("2.00");
  expect((await active()).find((x) => x.id === task.id)?.isCompleted).toBe(true);
});
