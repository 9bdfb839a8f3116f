import { expect, test } from "bun:test";
import { eq } from "./ops.ts";
import { migrateDb, openDb } from "./sqlite/client.ts";
import { rowReader } from "./row-reader.ts";
import { users } from "./sqlite/schema/index.ts";

test("a row read with plain SQL equals drizzle's own reading: dates, booleans and nulls alike", () => {
  const db = openDb(":memory:");
  migrateDb(db);
  const at = new Date("2026-03-10T12:00:00.123Z");
  db.insert(users).values([
    { tgId: 1, firstName: "Ann", refCode: "AAAA1111", createdAt: at },
    { tgId: 2, firstName: "Bob", lastName: "B", username: "bob", refCode: "BBBB2222", walletBep20: "0x" + "ab".repeat(20), balance: 5, isBanned: true, banReason: "spam", channelJoined: true, isActive: false, lastActivityAt: at, createdAt: at },
  ]).run();
  const reader = rowReader(users);
  const statement = db.sqlite.prepare<unknown[], [number]>(`select ${reader.select()} from users where tg_id = ?`);
  for (const tgId of [1, 2]) {
    const viaDrizzle = db.select().from(users).where(eq(users.tgId, tgId)).get();
    const plain = reader.read(statement.values(tgId)[0]);
    expect(plain).toEqual(viaDrizzle!);
    expect(plain!.createdAt).toBeInstanceOf(Date);
  }
  expect(reader.read(statement.values(3)[0])).toBeUndefined();
});
