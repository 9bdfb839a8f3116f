// The PostgreSQL schema against SQLite's: the same tables and columns, every unique and partial
// index, CHECK and foreign key; the constraints refusing what they must; rows that read back the
// same through drizzle on both engines; and migrations that apply once however often they run.
import { expect, test } from "bun:test";
import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig as pgConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as liteConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { SQL } from "bun";
import { migrateDb, openDb } from "@/db/sqlite/client.ts";
import { migratePg, openPg, pgMigrationsFolder } from "@/db/pg/client.ts";
import { pgStatements } from "@/db/pg/store/index.ts";
import { completedFigures } from "@/db/pg/store/tasks.ts";
import { runAwaiting } from "@/domain/store.ts";
import * as pgSchema from "@/db/pg/schema/index.ts";
import * as liteSchema from "@/db/sqlite/schema/index.ts";
import { usePostgres } from "./support/postgres.ts";

const pg = await usePostgres(import.meta.path);
const root = join(import.meta.dir, "..");
const journal = (await Bun.file(join(pgMigrationsFolder, "meta/_journal.json")).json()) as { entries: unknown[] };

async function migrated() {
  const db = await pg.database();
  await migratePg(db.url);
  return db;
}
// The structure checks only read, and the constraint check makes rows of its own: one database.
let shared: ReturnType<typeof migrated> | undefined;
const sharedDb = () => (shared ??= migrated());

/** Table name to its sorted columns, "name?" for a nullable one. */
type Shape = Record<string, string[]>;
const shape = (rows: { table: string; column: string; nullable: unknown }[]): Shape => {
  const out: Shape = {};
  for (const r of rows) (out[r.table] ??= []).push(r.nullable ? `${r.column}?` : r.column);
  for (const columns of Object.values(out)) columns.sort();
  return out;
};
const schemaShape = (schema: object) =>
  shape(
    Object.values(schema).flatMap((t) => {
      if (!is(t, SQLiteTable) && !is(t, PgTable)) return [];
      const { name, columns } = is(t, PgTable) ? pgConfig(t) : liteConfig(t);
      return columns.map((c) => ({ table: name, column: c.name, nullable: !c.notNull }));
    }),
  );

const sqlite = openDb(":memory:");
migrateDb(sqlite);
/** A row per table of the migrated SQLite database (`m`), or per row of a pragma on it (`p`). */
const sqliteRows = <T>(select: string, withPragma = "") =>
  sqlite.$client
    .query(`select ${select} from sqlite_master m ${withPragma && `join ${withPragma}(m.name) p`} where m.type = 'table' and m.name not like 'sqlite_%' and m.name <> '__drizzle_migrations'`)
    .all() as T[];

test("the PostgreSQL migrations are what drizzle-kit generates from the schema", () => {
  // A changed PostgreSQL table, or a new code in a list both engines share, needs
  // `npm run db:generate:pg`; this notices when that was forgotten.
  const out = mkdtempSync(join(tmpdir(), "refbot-pg-migrations-"));
  cpSync(pgMigrationsFolder, out, { recursive: true });
  const kit = join(root, "node_modules/drizzle-kit/bin.cjs");
  const run = Bun.spawnSync([process.execPath, kit, "generate", "--dialect", "postgresql", "--schema", "./db/pg/schema/index.ts", "--out", relative(root, out)], { cwd: root, stdout: "pipe", stderr: "pipe" });
  expect(run.stderr.toString()).toBe("");
  expect(run.exitCode).toBe(0);
  expect(readdirSync(out).sort()).toEqual(readdirSync(pgMigrationsFolder).sort());
}, 30_000);

/** A PostgreSQL shape without what only PostgreSQL has (pgOnly: the counters' slots). */
const withoutPgOnly = (pgShape: Shape): Shape => {
  const out: Shape = {};
  for (const [table, columns] of Object.entries(pgShape)) {
    if ((pgSchema.pgOnly.tables as readonly string[]).includes(table)) continue;
    const extra = (pgSchema.pgOnly.columns as Record<string, readonly string[]>)[table] ?? [];
    out[table] = columns.filter((c) => !extra.includes(c));
  }
  return out;
};

pg.test("every table has the same columns, nullable alike, in both schemas and both migrated databases", async () => {
  const { sql } = await sharedDb();
  const reference = schemaShape(liteSchema);
  expect(Object.keys(reference).length).toBeGreaterThan(10);
  expect(withoutPgOnly(schemaShape(pgSchema))).toEqual(reference);
  expect(shape(sqliteRows(`m.name as "table", p.name as "column", p."notnull" = 0 as nullable`, "pragma_table_info"))).toEqual(reference);
  const pgColumns = await sql`select table_name as "table", column_name as "column", is_nullable = 'YES' as nullable from information_schema.columns
    where table_schema = 'public' and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`;
  expect(withoutPgOnly(shape(pgColumns))).toEqual(reference);
  // What only PostgreSQL has is there, in the schema and in the database alike.
  expect(shape(pgColumns)).toEqual(schemaShape(pgSchema));
});

pg.test("every SQLite index (unique and partial alike), CHECK and foreign key exists in PostgreSQL, less those it does without, and its own indexes are there", async () => {
  const { sql } = await sharedDb();
  const mark = (r: { name: string; unique: unknown; partial: unknown }) => `${r.name}${r.unique ? " unique" : ""}${r.partial ? " partial" : ""}`;
  const liteIndexes = sqliteRows<{ name: string; unique: number; partial: number; origin: string }>(`p.name, p."unique", p.partial, p.origin`, "pragma_index_list")
    .filter((r) => r.origin === "c" && !(pgSchema.sqliteOnlyIndexes as readonly string[]).includes(r.name))
    .map(mark);
  const pgIndexes = await sql`select c.relname as name, x.indisunique as unique, x.indpred is not null as partial
    from pg_index x join pg_class c on c.oid = x.indexrelid where c.relnamespace = 'public'::regnamespace and not x.indisprimary`;
  const pgOnlyIndexes = pgSchema.pgOnly.indexes as readonly string[];
  expect(pgIndexes.filter((r: { name: string }) => !pgOnlyIndexes.includes(r.name)).map(mark).sort()).toEqual(liteIndexes.sort());
  expect(pgIndexes.filter((r: { name: string }) => pgOnlyIndexes.includes(r.name)).map(mark).sort()).toEqual(pgOnlyIndexes.map((name) => `${name} partial`));
  // The partial unique indexes (one open request per user, one tx hash per paid request, one live
  // transfer per withdrawal) are told apart as such, so a PostgreSQL copy without its condition fails.
  expect(liteIndexes.filter((i) => i.endsWith("unique partial"))).toEqual(expect.arrayContaining(["payout_sends_one_live unique partial"]));
  expect(liteIndexes.filter((i) => i.endsWith("unique partial")).length).toBeGreaterThanOrEqual(3);

  const liteChecks = sqliteRows<{ sql: string }>("m.sql").flatMap((r) => [...r.sql.matchAll(/CONSTRAINT "(\w+)" CHECK/g)].map((m) => m[1]!));
  const pgChecks = await sql`select conname from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`;
  expect(liteChecks.length).toBeGreaterThan(3);
  expect(pgChecks.map((r: { conname: string }) => r.conname)).toEqual(expect.arrayContaining(liteChecks));

  const liteKeys = sqliteRows<{ key: string }>(`m.name || '.' || p."from" || ' -> ' || p."table" || '.' || p."to" as key`, "pragma_foreign_key_list");
  const pgKeys = await sql`select c.conrelid::regclass || '.' || a.attname || ' -> ' || c.confrelid::regclass || '.' || r.attname as key
    from pg_constraint c cross join unnest(c.conkey, c.confkey) as k(col, ref)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col join pg_attribute r on r.attrelid = c.confrelid and r.attnum = k.ref
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace`;
  const pgOnlyTable = (key: string) => (pgSchema.pgOnly.tables as readonly string[]).some((t) => key.startsWith(`${t}.`));
  const sqliteOnlyKey = (key: string) => (pgSchema.sqliteOnlyForeignKeys as readonly string[]).includes(key);
  expect(pgKeys.map((r: { key: string }) => r.key).filter((k: string) => !pgOnlyTable(k)).sort()).toEqual(
    liteKeys.map((r) => r.key).filter((k) => !sqliteOnlyKey(k)).sort(),
  );
  // Each key left out is one SQLite has.
  expect(liteKeys.map((r) => r.key)).toEqual(expect.arrayContaining([...pgSchema.sqliteOnlyForeignKeys]));
});

/** "accepted", or the refusal's SQLSTATE and constraint. */
const outcome = (query: Promise<unknown>) => query.then(
  () => "accepted",
  (e: { errno?: string; constraint?: string }) => `${e.errno} ${e.constraint}`,
);

pg.test("the constraints refuse what they must", async () => {
  const { sql } = await sharedDb();
  const user = async (n: number, wallet: string | null = null): Promise<number> =>
    (await sql`insert into users (tg_id, first_name, ref_code, wallet_bep20, created_at) values (${n}, 'U', ${`R${n}`}, ${wallet}, now()) returning id`)[0].id;
  const ann = await user(1, "0xAbC0000000000000000000000000000000000001");
  const bob = await user(2);
  const hash = `0x${"ab".repeat(32)}`;
  const withdraw = (id: number, status = "pending", txHash: string | null = null) =>
    sql`insert into withdrawals (user_id, amount, address, status, tx_hash, created_at) values (${id}, 10000000, '0x1', ${status}, ${txHash}, now())`;

  expect(await outcome(withdraw(ann))).toBe("accepted");
  expect(await outcome(withdraw(ann, "approved"))).toBe("23505 withdrawals_one_open_per_user");
  expect(await outcome(withdraw(ann, "paid", hash))).toBe("accepted");
  expect(await outcome(withdraw(bob, "paid", hash.toUpperCase().replace("0X", "0x")))).toBe("23505 withdrawals_tx_hash_unique");
  expect(await outcome(withdraw(bob, "rejected"))).toBe("accepted");
  expect(await outcome(withdraw(bob, "rejected"))).toBe("accepted");
  expect(await outcome(withdraw(bob, "lost"))).toBe("23514 withdrawals_status_valid");
  expect(await outcome(withdraw(bob, "pending"))).toBe("accepted");

  expect(await outcome(sql`update users set balance = -1 where id = ${bob}`)).toBe("23514 users_balance_non_negative");
  // Several accounts may hold one wallet address: a shared one is a risk signal, not a refusal.
  expect(await outcome(sql`update users set wallet_bep20 = ${"0xabc0000000000000000000000000000000000001"} where id = ${bob}`)).toBe("accepted");
  expect(await outcome(user(1))).toBe("23505 users_tg_id_unique");
  expect(await outcome(sql`insert into ledger (user_id, type, reason, amount, created_at) values (${bob}, 'credit', 'daily_task', 0, now())`)).toBe("23514 ledger_amount_positive");
  expect(await outcome(sql`insert into ledger (user_id, type, reason, amount, created_at) values (${bob}, 'credit', 'lottery', 5, now())`)).toBe("23514 ledger_reason_valid");
  expect(await outcome(sql`insert into ledger (user_id, type, reason, amount, created_at) values (999, 'credit', 'daily_task', 5, now())`)).toBe("23503 ledger_user_id_users_id_fk");

  const task = (await sql`insert into tasks (kind, title, reward, created_at) values ('daily_activity', 'Daily', 100000, now()) returning id`)[0].id;
  const complete = () => sql`insert into task_completions (task_id, user_id, day, reward, created_at) values (${task}, ${bob}, '2026-03-10', 100000, now())`;
  expect(await outcome(complete())).toBe("accepted");
  expect(await outcome(complete())).toBe("23505 task_completions_once");
  expect(await outcome(sql`insert into tasks (kind, title, reward, created_at) values ('quiz', 'Q', 1, now())`)).toBe("23514 tasks_kind_valid");
  expect(await outcome(sql`insert into tasks (kind, title, reward, created_at) values ('custom', 'Q', -1, now())`)).toBe("23514 tasks_reward_non_negative");
});

pg.test("a row written through drizzle reads back the same on both engines, and through the plain-SQL lookups", async () => {
  const db = openPg((await migrated()).url);
  const at = new Date("2026-03-10T12:34:56.789Z");
  // The extremes: an amount of a billion USDT, a Telegram id past 2^32, milliseconds, JSON.
  const user = { tgId: 2 ** 40 + 1, firstName: "Ann", refCode: "ANN1", balance: 1e15, totalEarned: 1e15, channelJoined: true, lastActivityAt: at, createdAt: at };
  const entry = { userId: 1, type: "credit", reason: "admin_adjustment", amount: 1e15, refId: 2 ** 40, createdAt: at } as const;
  const audit = { action: "user.adjust", targetType: "user", targetId: 1, detail: { reason: "promo", amount: "1.00", nested: [1, null] }, createdAt: at };

  expect(await db.insert(pgSchema.users).values(user).returning()).toEqual([sqlite.insert(liteSchema.users).values(user).returning().get()]);
  expect(await db.insert(pgSchema.ledger).values(entry).returning()).toEqual([sqlite.insert(liteSchema.ledger).values(entry).returning().get()]);
  expect(await db.insert(pgSchema.adminAudit).values(audit).returning()).toEqual([sqlite.insert(liteSchema.adminAudit).values(audit).returning().get()]);
  // Stored as a JSON object, not as a string holding one, so PostgreSQL's JSON operators work.
  expect(await db.$client`select jsonb_typeof(detail) as kind, detail ->> 'reason' as reason from admin_audit`).toEqual([{ kind: "object", reason: "promo" }]);

  // The lookups written as plain SQL (db/row-reader.ts) read what drizzle reads.
  const task = { kind: "daily_activity", title: "Daily", reward: 2 ** 40, createdAt: at } as const;
  const [taskRow] = await db.insert(pgSchema.tasks).values(task).returning();
  const statements = pgStatements(db);
  const [userRow] = await db.select().from(pgSchema.users);
  expect(await runAwaiting(statements.users.byTgId(user.tgId))).toEqual(userRow!);
  expect(await runAwaiting(statements.users.byId(userRow!.id))).toEqual(userRow!);
  expect(await runAwaiting(statements.tasks.byId(taskRow!.id))).toEqual(taskRow!);
  expect(await runAwaiting(statements.users.byTgId(user.tgId + 1))).toBeUndefined();
  await db.$client.close();
});

/** Everything migrations make, and the rows, as one comparable text. */
async function snapshot(sql: SQL): Promise<string> {
  const [{ catalog }] = await sql`select string_agg(x, E'\n' order by x) as catalog from (
      select format('%s.%s %s %s %s', table_name, column_name, data_type, is_nullable, column_default) from information_schema.columns where table_schema = 'public'
      union all select indexdef from pg_indexes where schemaname = 'public'
      union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
      union all select tgname from pg_trigger where not tgisinternal
      union all select hash from drizzle.__drizzle_migrations
      union all select format('%s', u) from users u
      union all select format('%s', r) from rank_counts r) as s(x)`;
  return catalog;
}

pg.test("a completion asks whether its user's referral waits to qualify of the waiting referrals' own index, and answers as before", async () => {
  const { sql } = await sharedDb();
  const [a, b, c] = (await sql`insert into users (tg_id, first_name, ref_code, created_at)
    select 900000 + n, 'P', 'P' || n, now() from generate_series(1, 3) n returning id`).map((r: { id: number }) => r.id);
  await sql`insert into referrals (referred_id, referrer_id, qualified_at, created_at) values (${b}, ${a}, null, now()), (${c}, ${a}, now(), now())`;
  const figures = `select u.id, ${completedFigures} from users u where u.id = any($1::int4[]) order by u.id`;
  const answers = await sql.unsafe(figures, [[a, b, c]]);
  expect(answers.map((r: { id: number; referral_pending: boolean }) => [r.id, r.referral_pending])).toEqual([[a, false], [b, true], [c, false]]);
  // The tables are too small here for the planner to prefer any index on its own.
  const plan = await sql.begin(async (tx) => {
    await tx`set local enable_seqscan = off`;
    return (await tx.unsafe(`explain ${figures}`, [[a]])).map((r: { "QUERY PLAN": string }) => r["QUERY PLAN"]).join("\n");
  });
  expect(plan).toContain("referrals_pending_idx");
});

pg.test("migrating again changes nothing, data included", async () => {
  const { sql, url } = await migrated();
  await sql`insert into users (tg_id, first_name, ref_code, total_earned, created_at) values (7, 'U', 'R7', 500000, now())`;
  const before = await snapshot(sql);
  await migratePg(url);
  expect(await snapshot(sql)).toBe(before);
  expect((await sql`select count(*)::int as n from drizzle.__drizzle_migrations`)[0].n).toBe(journal.entries.length);
});

pg.test("servers starting together apply each migration once", async () => {
  const { sql, url } = await pg.database();
  await Promise.all([migratePg(url), migratePg(url), migratePg(url)]);
  expect((await sql`select count(*)::int as n from drizzle.__drizzle_migrations`)[0].n).toBe(journal.entries.length);
});
