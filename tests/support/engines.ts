// The same rules on both engines: a fresh database of each kind with the domain's Store over it,
// and the few direct writes tests need to set a scene (a user, an admin). A test file registers
// its tests once per engine with `forEachEngine`; the PostgreSQL ones skip, counted, without a
// server (tests/support/postgres.ts).
import { describe, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDb, openDb } from "@/db/sqlite/client.ts";
import { migratePg, openPg } from "@/db/pg/client.ts";
import * as pgSchema from "@/db/pg/schema/index.ts";
import * as sqliteSchema from "@/db/sqlite/schema/index.ts";
import { pgStore } from "@/db/pg/store/index.ts";
import { sqliteStore } from "@/db/sqlite/store/index.ts";
import { checkLedgerPg } from "@/db/pg/store/ledger.ts";
import { checkLedger } from "@/db/sqlite/store/ledger.ts";
import type { LedgerCheck } from "@/domain/ledger-check.ts";
import type { LedgerEntry, User } from "@/domain/model/index.ts";
import type { Store } from "@/domain/store.ts";
import { usePostgres } from "./postgres.ts";

export type EngineFixture = {
  store: Store;
  /** A user; with a wallet of its own (wallets are unique) when asked. */
  addUser(values?: { wallet?: boolean }): Promise<User>;
  addAdmin(): Promise<number>;
  user(id: number): Promise<User>;
  ledgerRows(userId: number): Promise<LedgerEntry[]>;
  /** A second Store on its own connections, as another server instance would have. */
  another(): Promise<Store>;
  /** The ledger invariant over the whole database (domain/ledger-check.ts). */
  checkLedger(): Promise<LedgerCheck>;
  /**
   * Plain SQL that both engines take (booleans as true/false, times as epoch milliseconds on SQLite
   * but timestamptz on PostgreSQL: keep those to the typed helpers), for setting a scene or
   * reading what a rule left; rows as the driver gives them.
   */
  exec(text: string): Promise<Record<string, unknown>[]>;
};

let next = 7_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
const newUser = (values: { wallet?: boolean }) => {
  const n = next++;
  const walletBep20 = values.wallet ? `0x${n.toString(16).padStart(40, "0")}` : null;
  return { tgId: n, firstName: `User ${n}`, username: `user${n}`, refCode: `R${n.toString(36)}`, walletBep20, createdAt: new Date("2026-03-10T12:00:00Z") };
};
const newAdmin = () => ({ email: `admin${next++}@engines.test`, passwordHash: "unused", createdAt: new Date("2026-03-10T12:00:00Z") });

function sqliteFixture(): EngineFixture {
  const file = join(mkdtempSync(join(tmpdir(), "refbot-engine-")), "refbot.sqlite");
  const db = openDb(file);
  migrateDb(db);
  const { users, admins, ledger } = sqliteSchema;
  return {
    store: sqliteStore(db),
    addUser: async (values = {}) => db.insert(users).values(newUser(values)).returning().get(),
    addAdmin: async () => db.insert(admins).values(newAdmin()).returning().get().id,
    user: async (id) => db.select().from(users).where(eq(users.id, id)).get()!,
    ledgerRows: async (userId) => db.select().from(ledger).where(eq(ledger.userId, userId)).all(),
    another: async () => sqliteStore(openDb(file)),
    checkLedger: async () => checkLedger(db),
    exec: async (text) => db.$client.query(text).all() as Record<string, unknown>[],
  };
}

async function pgFixture(pg: Awaited<ReturnType<typeof usePostgres>>, closing: (() => Promise<void>)[]): Promise<EngineFixture> {
  const { url } = await pg.database();
  await migratePg(url);
  // Each store listens for changes on a connection of its own, closed after the test, before the
  // database is dropped.
  const pool = () => {
    const db = openPg(url, { max: 6 });
    closing.push(() => db.$client.close());
    return db;
  };
  const open = async () => {
    const store = await pgStore(pool());
    closing.unshift(() => store.close());
    return store;
  };
  const db = pool();
  const { users, admins, ledger } = pgSchema;
  return {
    store: await open(),
    addUser: async (values = {}) => (await db.insert(users).values(newUser(values)).returning())[0]!,
    addAdmin: async () => (await db.insert(admins).values(newAdmin()).returning())[0]!.id,
    user: async (id) => (await db.select().from(users).where(eq(users.id, id)))[0]!,
    ledgerRows: (userId) => db.select().from(ledger).where(eq(ledger.userId, userId)),
    another: open,
    checkLedger: () => checkLedgerPg(db),
    exec: async (text) => [...(await db.$client.unsafe(text))] as Record<string, unknown>[],
  };
}

/** Registers `body` once per engine, in a describe named after it, with a fresh fixture per test. */
export async function forEachEngine(file: string, body: (it: (name: string, fn: (e: EngineFixture) => Promise<void>, timeout?: number) => void) => void) {
  const pg = await usePostgres(file);
  describe("sqlite", () => body((name, fn, timeout) => test(name, () => fn(sqliteFixture()), timeout)));
  describe("postgres", () =>
    body((name, fn, timeout) =>
      pg.test(
        name,
        async () => {
          const closing: (() => Promise<void>)[] = [];
          try {
            await fn(await pgFixture(pg, closing));
          } finally {
            await Promise.all(closing.map((close) => close()));
          }
        },
        timeout,
      ),
    ),
  );
}
