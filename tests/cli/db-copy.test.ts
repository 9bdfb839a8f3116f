// `refbot db copy-to-postgres` as an operator runs it, from a SQLite file the product itself wrote
// (registrations with referrals, tasks, withdrawals, a broadcast, adjustments, bans, a refused
// sign-in), into PostgreSQL databases from tests/support/postgres.ts; and `db check` and `db
// migrate` pointed at PostgreSQL.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { SQL } from "bun";
import { openDb } from "@/db/sqlite/client.ts";
import { eq } from "@/db/ops.ts";
import { openPg, pgMigrationsFolder } from "@/db/pg/client.ts";
import { copySqliteToPg } from "@/db/pg/copy-from-sqlite.ts";
import * as pgSchema from "@/db/pg/schema/index.ts";
import * as liteSchema from "@/db/sqlite/schema/index.ts";
import { usdt } from "@/domain/money.ts";
import { adminEmail, makeTestApp } from "@/tests/support/app.ts";
import { usePostgres, type PgTestDatabase } from "@/tests/support/postgres.ts";
import { runRefbot } from "./support.ts";

const pg = await usePostgres(import.meta.path);
const scratch = mkdtempSync(join(tmpdir(), "refbot-db-copy-"));
const pgMigrations = ((await Bun.file(join(pgMigrationsFolder, "meta/_journal.json")).json()) as { entries: unknown[] }).entries.length;

const pgTables = new Map(Object.values(pgSchema).flatMap((t) => (is(t, PgTable) ? [[getTableName(t), t] as const] : [])));
const tables = Object.values(liteSchema).flatMap((lite) => (is(lite, SQLiteTable) ? [{ name: getTableName(lite), lite, pg: pgTables.get(getTableName(lite))! }] : []));

/** Every column that holds an amount of micro-USDT. */
const moneyColumns: Record<string, string[]> = {
  users: ["balance", "total_earned", "earned_today", "referral_earned"],
  ledger: ["amount"],
  withdrawals: ["amount"],
  tasks: ["reward"],
  task_completions: ["reward"],
};

const hex = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * A SQLite file filled through the product's own flows over three days, then closed as a stopped
 * server leaves it.
 */
async function productDatabase(): Promise<string> {
  // With the farm defences on, so their tables (held bonuses, signals, sightings) have rows too.
  const t = await makeTestApp({ REFERRAL_HOLD_HOURS: "24", RISK_FLAG_SCORE: "60" });
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const reply = await t.request(method, path, { headers, body });
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const daily = await t.makeTask();
  const channel = await t.makeTask({ kind: "follow_channel", title: "Join the channel", reward: usdt("0.5") });
  const link = await t.makeTask({ kind: "link", title: "Follow us on X", reward: usdt("0.3"), url: "https://x.com/refbot", waitSeconds: 0 });

  // Referrals that qualify: the channel and two daily tasks on two days pay the referrer.
  t.setNow("2026-03-09T10:00:00Z");
  const referrer = await t.makeUser();
  const friends = await t.makeUsers(3, {}, referrer.refCode);
  for (const day of ["2026-03-10", "2026-03-11"]) {
    t.setNow(`${day}T10:00:00Z`);
    for (const f of friends) {
      if (day === "2026-03-10") await call("POST", `/api/tasks/${channel.id}/complete`, t.userHeaders(f.tgId));
      await call("POST", `/api/tasks/${daily.id}/complete`, t.userHeaders(f.tgId));
    }
  }
  // A friend launching the mini app through the link: signals on a new account, a client sighting.
  await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId: 7_000_000_000 + friends[0]!.tgId }, referrer.refCode) }, from: "203.0.113.50" });
  await call("POST", `/api/tasks/${link.id}/open`, t.userHeaders(friends[0]!.tgId));
  await call("POST", `/api/tasks/${link.id}/complete`, t.userHeaders(friends[0]!.tgId));

  // Withdrawals paid, rejected (refunded) and left pending, from users credited by an admin
  // (signed in after the days above: a token lasts 12 hours of the app's clock), and one held
  // bonus released once its day is over, the others still held.
  t.setNow("2026-03-12T10:00:01Z");
  const admin = await t.adminHeaders();
  await t.update("referralHolds", { releaseAt: new Date("2026-03-11T00:00:00Z") }, (h) => eq(h.referredId, friends[0]!.id));
  await call("POST", "/api/admin/risk/holds/release", admin);
  const payees = await t.makeUsers(3);
  for (const p of payees) {
    await call("POST", `/api/admin/users/${p.id}/adjust`, admin, { amount: "25", reason: "contest prize" });
    await call("POST", "/api/me/wallet", t.userHeaders(p.tgId), { address: `0x${hex(20)}` });
  }
  const [paid, rejected] = await Promise.all(payees.map((p) => call("POST", "/api/me/withdraw", t.userHeaders(p.tgId), { amount: "12.50" })));
  await call("PATCH", `/api/admin/withdrawals/${paid.id}/approve`, admin);
  await call("PATCH", `/api/admin/withdrawals/${paid.id}/paid`, admin, { txHash: `0x${hex(32)}` });
  await call("PATCH", `/api/admin/withdrawals/${rejected.id}/reject`, admin, { reason: "address on a blocklist" });
  await call("POST", `/api/admin/users/${payees[0]!.id}/adjust`, admin, { amount: "-1.25", reason: "duplicate prize" });

  // A ban (out of the rank counts), a broadcast queued for everyone else, a refused sign-in.
  await call("POST", `/api/admin/users/${friends[2]!.id}/ban`, admin, { reason: "multi-accounting" });
  await call("POST", "/api/admin/broadcast", admin, { message: "Withdrawals are open again" });
  for (const from of ["203.0.113.7", "198.51.100.9"]) await t.request("POST", "/api/auth/login", { body: { email: adminEmail, password: "not the password" }, from });
  // An operator's setting and an API token, as an owner makes them; a notice waiting for Telegram
  // and a chat's second taken by a sender; the instances' register, and the hot wallet's nonce row
  // and a transfer it signed, as a server sending payouts leaves them.
  await call("PUT", "/api/admin/settings/referralBonus", admin, { value: "0.25" });
  await call("POST", "/api/admin/tokens", admin, { name: "cron", scopes: ["broadcast:flush"] });
  const now = new Date("2026-03-12T10:00:01Z");
  await t.insert("notices", { userId: payees[0]!.id, kind: "withdrawal_paid", payload: { amount: "12.50", txHash: paid.txHash }, createdAt: now });
  await t.insert("chatSends", { tgId: payees[1]!.tgId, freeAt: now });
  await t.insert("instances", { id: "host-a:3000:1f2e", startedAt: now, seenAt: now, secretFingerprint: hex(8), version: "0.1.0" });
  const wallet = `0x${hex(20)}`;
  await t.insert("payoutWallets", { address: wallet, nextNonce: 1, updatedAt: now });
  await t.insert("payoutSends", { withdrawalId: paid.id, wallet, nonce: 0, amount: usdt("12.5"), rawTx: `0x${hex(110)}`, txHash: `0x${hex(32)}`, state: "mined", signedAt: now, sentAt: now, settledAt: now });
  // A backup's record, as `refbot db backup` leaves it.
  await t.deps.store.transaction((db) => db.backups.record({ finishedAt: new Date("2026-03-12T03:00:00Z"), file: "/var/backups/refbot/refbot-20260312.sqlite", engine: "sqlite", schemaVersion: "0013_withdrawal_counters", bytes: 123_456 }));

  t.db.sqlite.close();
  return t.deps.config.databasePath;
}

let source: Promise<string> | undefined;
const sourceFile = () => (source ??= productDatabase());

/** Per table: how many rows, and the sum of each money column. */
async function figures(read: (query: string) => Promise<Record<string, unknown>>) {
  const out: Record<string, Record<string, string>> = {};
  for (const { name } of tables) {
    const sums = (moneyColumns[name] ?? []).map((c) => `, sum(${c}) as ${c}`).join("");
    const row = await read(`select count(*) as rows${sums} from ${name}`);
    // Exact, whichever type the engine gave: SQLite numbers, PostgreSQL strings.
    out[name] = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? "0" : BigInt(v as number | string).toString()]));
  }
  return out;
}

const sqliteFigures = (file: string) => {
  const db = new Database(file, { readonly: true });
  return figures(async (query) => db.query(query).get() as Record<string, unknown>).finally(() => db.close());
};
const pgFigures = (sql: SQL) => figures(async (query) => (await sql.unsafe(query))[0]);

/** Every row of every table through drizzle, each table in one order, for a deep comparison. */
async function allRows(readTable: (t: (typeof tables)[number]) => Promise<object[]>) {
  const out: Record<string, object[]> = {};
  for (const t of tables) {
    const keyed = (await readTable(t)).map((row) => [JSON.stringify(row), row] as const);
    out[t.name] = keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  }
  return out;
}

/** Dates, booleans, JSON and ids read back through each engine's schema exactly as written. */
async function expectSameRows(file: string, url: string) {
  const lite = openDb(file, { readonly: true });
  const pgDb = openPg(url, { max: 1 });
  try {
    const onSqlite = await allRows(async (t) => lite.select().from(t.lite).all());
    // Less what only PostgreSQL has (pgOnly: the slot each copied counter lands in, slot 0).
    const pgOnlyColumns = pgSchema.pgOnly.columns as Record<string, readonly string[]>;
    const withoutPgOnly = (name: string, row: object) => Object.fromEntries(Object.entries(row).filter(([key]) => !(pgOnlyColumns[name] ?? []).includes(key)));
    expect(await allRows(async (t) => (await pgDb.select().from(t.pg)).map((row) => withoutPgOnly(t.name, row)))).toEqual(onSqlite);
  } finally {
    lite.sqlite.close();
    await pgDb.$client.close();
  }
}

/** Everything a copy could change on the PostgreSQL side, as one text. */
async function pgSnapshot(sql: SQL): Promise<string> {
  const parts = tables.map((t) => `select '${t.name} ' || x::text from ${t.name} x`);
  parts.push("select 'migration ' || hash from drizzle.__drizzle_migrations", "select 'sequence ' || sequencename || ' ' || coalesce(last_value, 0) from pg_sequences");
  const [{ text }] = await sql.unsafe(`select string_agg(line, E'\\n' order by line) as text from (${parts.join(" union all ")}) as s(line)`);
  return text;
}

type Copied = { file: string; target: PgTestDatabase; run: Awaited<ReturnType<typeof runRefbot>> };
let copied: Promise<Copied> | undefined;
/** The product's database copied once into a fresh PostgreSQL database; the tests below share it. */
const copy = () =>
  (copied ??= (async () => {
    const file = await sourceFile();
    const target = await pg.database();
    const run = await runRefbot(["db", "copy-to-postgres", "--from", file, "--to", target.url, "--json"]);
    return { file, target, run };
  })());

pg.test("copies every table, ids and all, and checks the copy's ledger", async () => {
  const { file, target, run } = await copy();
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const report = run.json();
  expect(report).toMatchObject({ from: file, migrationsApplied: pgMigrations, check: { ok: true, problems: [] } });

  const before = await sqliteFigures(file);
  // Every table has rows, so every table's copy is tested; but the one only a bot's flush writes.
  const leftEmpty = ["broadcast_pace"];
  expect(Object.entries(before).filter(([name, f]) => f.rows === "0" && !leftEmpty.includes(name))).toEqual([]);
  expect(await pgFigures(target.sql)).toEqual(before);
  expect(Object.fromEntries(report.tables.map((t: { table: string; rows: number }) => [t.table, String(t.rows)]))).toEqual(
    Object.fromEntries(Object.entries(before).map(([name, f]) => [name, f.rows])),
  );
  expect(report.check.users).toBe(Number(before.users!.rows));

  await expectSameRows(file, target.url);
});

pg.test("in batches of two rows, each table is read on past its batch boundaries, keys of several columns and text keys too", async () => {
  const file = await sourceFile();
  const target = await pg.database();
  const lite = openDb(file, { readonly: true });
  const copies: { table: string; rows: number }[] = [];
  try {
    await copySqliteToPg(lite, target.url, { batchRows: 2, onTable: (t) => copies.push(t) });
  } finally {
    lite.sqlite.close();
  }
  // rank_counts (category, block, score), daily_stats (day) and login_throttle (key) among them.
  for (const name of ["rank_counts", "daily_stats", "login_throttle", "users", "ledger"]) expect(copies.find((c) => c.table === name)!.rows).toBeGreaterThan(2);
  await expectSameRows(file, target.url);
});

pg.test("rank counts are SQLite's, row for row, and agree with the users", async () => {
  const { file, target } = await copy();
  const order = "order by category, block, score";
  const db = new Database(file, { readonly: true });
  const onSqlite = db.query(`select category, block, score, users from rank_counts ${order}`).all();
  db.close();
  // Copied into slot 0 of the slots PostgreSQL splits each count into.
  const onPg = await target.sql.unsafe(`select category, block, score::int as score, users from rank_counts where slot = 0 ${order}`);
  expect([...onPg]).toEqual(onSqlite);
  expect(onSqlite.length).toBeGreaterThan(6);
  // The triggers are on again and did not count the copied users a second time.
  const [{ off }] = await target.sql`select count(*)::int as off from pg_trigger where tgrelid = 'users'::regclass and not tgisinternal and tgenabled <> 'O'`;
  expect(off).toBe(0);
  const [{ users }] = await target.sql`select count(*)::int as users from users where not is_banned`;
  const perCategory = await target.sql`select category, sum(users)::int as users from rank_counts where block = -1 group by category order by category`;
  expect([...perCategory]).toEqual(["activity", "earnings", "referrals"].map((category) => ({ category, users })));
});

pg.test("`db check` passes on the copy, by --db and by DATABASE_URL; --db names a file over DATABASE_URL", async () => {
  const { file, target } = await copy();
  const byFlag = await runRefbot(["db", "check", "--db", target.url]);
  expect(byFlag.stderr).toBe("");
  expect(byFlag.code).toBe(0);
  expect(byFlag.stdout).toMatch(/^ok: \d+ users, every balance matches its ledger\.\n$/);
  const byEnv = await runRefbot(["db", "check", "--json"], { env: { DATABASE_URL: target.url, DATABASE_PATH: join(scratch, "not-used.sqlite") } });
  expect(byEnv.code).toBe(0);
  expect(byEnv.json()).toMatchObject({ databaseUrl: target.url, ok: true, problems: [] });
  const onFile = await runRefbot(["db", "check", "--db", file, "--json"], { env: { DATABASE_URL: target.url } });
  expect(onFile.json()).toMatchObject({ databasePath: file, ok: true });
});

pg.test("the next row inserted on PostgreSQL gets the next id", async () => {
  const { file, target } = await copy();
  const db = new Database(file, { readonly: true });
  const max = (table: string) => (db.query(`select max(id) as id from ${table}`).get() as { id: number }).id;
  const [maxUser, maxEntry] = [max("users"), max("ledger")];
  db.close();
  const pgDb = openPg(target.url, { max: 1 });
  try {
    // A credit with its balance, so the ledger stays whole for the tests after this one.
    const at = new Date();
    const [user] = await pgDb.insert(pgSchema.users).values({ tgId: 77_000_001, firstName: "New", refCode: "NEWONE", balance: 1_000_000, createdAt: at }).returning();
    const [entry] = await pgDb.insert(pgSchema.ledger).values({ userId: user!.id, type: "credit", reason: "admin_adjustment", amount: 1_000_000, createdAt: at }).returning();
    expect([user!.id, entry!.id]).toEqual([maxUser + 1, maxEntry + 1]);
  } finally {
    await pgDb.$client.close();
  }
  expect((await runRefbot(["db", "check", "--db", target.url])).code).toBe(0);
});

pg.test("`db check` on PostgreSQL exits 1 naming a user whose balance was changed by hand", async () => {
  const { target } = await copy();
  const [{ id }] = await target.sql`update users set balance = balance + 1 where id = (select min(id) from users where balance > 0) returning id`;
  try {
    const r = await runRefbot(["db", "check"], { env: { DATABASE_URL: target.url } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`balance_mismatch\\s+${id}\\s+balance (\\d+) but ledger sums to (\\d+)`));
    expect(r.stderr).toMatch(/^error: 1 ledger problem\(s\) in \d+ users of /);
    expect(r.stderr).toEndWith(` users of ${target.url}\n`);
    expect((await runRefbot(["db", "check", "--db", target.url, "--json"])).json()).toMatchObject({ ok: false, problems: [{ kind: "balance_mismatch", id }] });
  } finally {
    await target.sql`update users set balance = balance - 1 where id = ${id}`;
  }
});

pg.test("a second copy into the filled database is refused and changes nothing", async () => {
  const { file, target } = await copy();
  const before = await pgSnapshot(target.sql);
  const again = await runRefbot(["db", "copy-to-postgres", "--from", file], { env: { DATABASE_URL: target.url } });
  expect({ code: again.code, stdout: again.stdout }).toEqual({ code: 1, stdout: "" });
  expect(again.stderr).toBe("error: the PostgreSQL database already holds rows in admins; the copy only fills an empty database, it never merges; nothing was copied\n");
  expect(await pgSnapshot(target.sql)).toBe(before);
});

pg.test("a copy that fails part way leaves no row behind and the triggers on", async () => {
  const file = await sourceFile();
  const target = await pg.database();
  const migrate = await runRefbot(["db", "migrate", "--db", target.url, "--json"]);
  expect(migrate.json()).toMatchObject({ applied: pgMigrations, total: pgMigrations });
  expect((await runRefbot(["db", "migrate"], { env: { DATABASE_URL: target.url } })).stdout).toContain(`is up to date (${pgMigrations} migrations)`);
  // A constraint the copied ledger breaks: the 25 USDT credits are over it.
  await target.sql`alter table ledger add constraint test_small_amounts check (amount < 20000000)`;
  const r = await runRefbot(["db", "copy-to-postgres", "--from", file, "--to", target.url]);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/^error: copying ledger failed: .*test_small_amounts.*; nothing was copied\n$/);
  const rows = await target.sql.unsafe(tables.map((t) => `select '${t.name}' as name, count(*)::int as n from ${t.name}`).join(" union all "));
  expect(rows.filter((r: { n: number }) => r.n > 0)).toEqual([]);
  const [{ off }] = await target.sql`select count(*)::int as off from pg_trigger where tgrelid = 'users'::regclass and not tgisinternal and tgenabled <> 'O'`;
  expect(off).toBe(0);
  const [{ id }] = await target.sql`insert into users (tg_id, first_name, ref_code, created_at) values (1, 'U', 'R1', now()) returning id`;
  expect(id).toBe(1);
});

/**
 * A SQLite file holding U+0000 in text and JSON columns of several tables, written past the API (as
 * an older version, or a script, could): a name, a ban reason, a task's title and description, a
 * ledger note, a withdrawal's failure reason, a broadcast and its Russian text, an audit detail.
 */
async function databaseWithNuls(): Promise<string> {
  const t = await makeTestApp();
  const admin = await t.adminHeaders();
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const reply = await t.request(method, path, { headers, body });
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const [banned, payee] = await t.makeUsers(2);
  await call("POST", `/api/admin/users/${banned!.id}/ban`, admin, { reason: "spam" });
  await call("POST", `/api/admin/users/${payee!.id}/adjust`, admin, { amount: "25", reason: "prize" });
  await call("POST", "/api/me/wallet", t.userHeaders(payee!.tgId), { address: `0x${hex(20)}` });
  const withdrawal = await call("POST", "/api/me/withdraw", t.userHeaders(payee!.tgId), { amount: "12.50" });
  await call("PATCH", `/api/admin/withdrawals/${withdrawal.id}/reject`, admin, { reason: "address on a blocklist" });
  await call("POST", "/api/admin/broadcast", admin, { message: "Withdrawals are open again", texts: { ru: "Вывод снова открыт" } });
  const task = await t.makeTask({ title: "Daily check", description: "Open the app" });

  const nul = "\u0000";
  await t.update("users", { firstName: `Ann${nul}a`, banReason: `${nul}spam${nul}` }, (u) => eq(u.id, banned!.id));
  await t.update("users", { lastName: `Lee${nul}` }, (u) => eq(u.id, payee!.id));
  await t.update("tasks", { title: `Daily${nul} check`, description: `Open${nul} the app` }, (x) => eq(x.id, task.id));
  await t.update("ledger", { note: `pri${nul}ze` }, (l) => eq(l.note, "prize"));
  await t.update("withdrawals", { failReason: `address on a ${nul}blocklist` }, (w) => eq(w.id, withdrawal.id));
  await t.update("broadcasts", { message: `Withdrawals${nul} are open again`, texts: { ru: `Вывод${nul} снова открыт` } }, (b) => eq(b.id, b.id));
  await t.update("adminAudit", { detail: { reason: `sp${nul}am` } }, (a) => eq(a.action, "user.ban"));
  t.db.sqlite.close();
  return t.deps.config.databasePath;
}

pg.test("U+0000 in text and JSON columns of several tables is taken out on the way, counted per column; the rest is copied as it is", async () => {
  const file = await databaseWithNuls();
  const target = await pg.database();
  const run = await runRefbot(["db", "copy-to-postgres", "--from", file, "--to", target.url, "--json"]);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const report = run.json();
  const expected = {
    "users.first_name": 1,
    "users.last_name": 1,
    "users.ban_reason": 1,
    "tasks.title": 1,
    "tasks.description": 1,
    "ledger.note": 1,
    "withdrawals.fail_reason": 1,
    "broadcasts.message": 1,
    "broadcasts.texts": 1,
    "admin_audit.detail": 1,
  };
  expect(report.nulsRemoved).toEqual(expected);
  expect(report.tables.find((t: { table: string }) => t.table === "users").nulsRemoved).toEqual({ first_name: 1, last_name: 1, ban_reason: 1 });
  expect(report.check).toMatchObject({ ok: true, problems: [] });

  // Every row as SQLite holds it, less U+0000; nothing else differs.
  const lite = new Database(file, { readonly: true });
  const onSqlite = (query: string) => JSON.parse(JSON.stringify(lite.query(query).all()).replaceAll("\\u0000", ""));
  try {
    expect([...(await target.sql`select first_name, last_name, ban_reason from users order by id`)]).toEqual(onSqlite("select first_name, last_name, ban_reason from users order by id"));
    expect([...(await target.sql`select title, description from tasks order by id`)]).toEqual(onSqlite("select title, description from tasks order by id"));
    expect([...(await target.sql`select note from ledger order by id`)]).toEqual(onSqlite("select note from ledger order by id"));
    expect([...(await target.sql`select fail_reason from withdrawals order by id`)]).toEqual(onSqlite("select fail_reason from withdrawals order by id"));
    const [broadcast] = await target.sql`select message, texts from broadcasts`;
    expect(broadcast).toEqual({ message: "Withdrawals are open again", texts: { ru: "Вывод снова открыт" } });
    const [audit] = await target.sql`select detail from admin_audit where action = 'user.ban'`;
    expect(audit.detail).toMatchObject({ reason: "spam" });
    expect(await pgFigures(target.sql)).toEqual(await sqliteFigures(file));
  } finally {
    lite.close();
  }

  // At a terminal or in a log, the operator reads the same counts in one line, in the order copied.
  const again = await pg.database();
  const text = await runRefbot(["db", "copy-to-postgres", "--from", file, "--to", again.url]);
  expect(text.code).toBe(0);
  expect(text.stdout).toContain(
    "Removed U+0000, which PostgreSQL cannot store, from 10 value(s): admin_audit.detail 1, broadcasts.message 1, broadcasts.texts 1, users.first_name 1, users.ban_reason 1, users.last_name 1, ledger.note 1, withdrawals.fail_reason 1, tasks.title 1, tasks.description 1.\n",
  );
});

test("a missing --from file is named (exit 1), before any connection", async () => {
  const missing = join(scratch, "missing.sqlite");
  // Nothing answers on port 1: the refusal must come first.
  const r = await runRefbot(["db", "copy-to-postgres", "--from", missing, "--to", "postgres://postgres@127.0.0.1:1/nowhere"]);
  expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 1, stdout: "" });
  expect(r.stderr).toBe(`error: No database at ${missing}; give --from or set DATABASE_PATH (only \`refbot db migrate\` creates one)\n`);
  const viaEnv = await runRefbot(["db", "copy-to-postgres", "--to", "postgres://postgres@127.0.0.1:1/nowhere"], { env: { DATABASE_PATH: missing } });
  expect(viaEnv.code).toBe(1);
  expect(viaEnv.stderr).toContain(`No database at ${missing}`);
});

test("a SQLite file behind on migrations is refused (exit 1), before any connection", async () => {
  const file = join(scratch, "behind.sqlite");
  expect((await runRefbot(["db", "migrate", "--db", file])).code).toBe(0);
  const db = new Database(file);
  db.run("delete from __drizzle_migrations where created_at = (select max(created_at) from __drizzle_migrations)");
  db.close();
  const r = await runRefbot(["db", "copy-to-postgres", "--from", file, "--to", "postgres://postgres@127.0.0.1:1/nowhere"]);
  expect(r.code).toBe(1);
  expect(r.stderr).toBe("error: the SQLite database lacks 1 migration(s); run `refbot db migrate` on it first; nothing was copied\n");
});

test("--to must be a PostgreSQL URL, from the flag or DATABASE_URL (exit 2)", async () => {
  const file = join(scratch, "usage.sqlite");
  expect((await runRefbot(["db", "migrate", "--db", file])).code).toBe(0);
  const cases: [string[], Record<string, string>, string][] = [
    [["--to", "mysql://root@127.0.0.1/refbot"], {}, "--to: must be a postgres:// or postgresql:// URL"],
    [["--to", "postgres://bad host/refbot"], {}, "--to: must be a postgres:// or postgresql:// URL"],
    [[], { DATABASE_URL: "data/refbot.sqlite" }, "DATABASE_URL: must be a postgres:// or postgresql:// URL"],
    [[], {}, "--to: give the PostgreSQL database's postgres:// URL, or set DATABASE_URL"],
  ];
  for (const [args, env, message] of cases) {
    const r = await runRefbot(["db", "copy-to-postgres", "--from", file, ...args], { env });
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 2, stdout: "", stderr: `error: ${message}\n` });
  }
});
