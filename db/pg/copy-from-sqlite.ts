// Moves a refbot SQLite database into an empty PostgreSQL one: every table, ids kept, in one
// PostgreSQL transaction, a batch of rows at a time. Rows are read through drizzle with the
// SQLite schema and written with the PostgreSQL one, so dates, booleans and JSON go through the
// column definitions both schemas share (tests/types/engine-schemas.ts keeps their row types
// equal) instead of through a conversion of its own. The one exception is U+0000, which SQLite
// stores and PostgreSQL's text and jsonb cannot: it is taken out on the way and counted per column.
import { asc, getTableColumns, getTableName, is, sql, type Column, type SQL, type SQLChunk } from "drizzle-orm";
import { getTableConfig as pgConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as liteConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { withoutNul } from "@/domain/text.ts";
import { migrationsFolder, type Db } from "../sqlite/client.ts";
import * as liteSchema from "../sqlite/schema/index.ts";
import { migratePg, openPg, type PgDb } from "./client.ts";
import * as pgSchema from "./schema/index.ts";

/**
 * The copy was refused (the target holds rows, the source is not at this version's schema) or
 * failed before its commit: the target holds none of its rows.
 */
export class NothingCopied extends Error {
  override name = "NothingCopied";
}

/**
 * One table copied. `nulsRemoved` counts, per column, the values that held U+0000: SQLite stores
 * it, PostgreSQL's text and jsonb cannot, so it is taken out of them rather than failing the copy.
 */
export type TableCopy = { table: string; rows: number; ms: number; nulsRemoved: Record<string, number> };
export type CopyOptions = {
  /** Called as each table is done. */
  onTable?: (copy: TableCopy) => void;
  /** Rows per insert, below what the parameter limit allows (tests cross batch boundaries with it). */
  batchRows?: number;
};
export type CopyReport = { migrationsApplied: number; tables: TableCopy[]; ms: number };

type TablePair = { name: string; lite: SQLiteTable; pg: PgTable };

/**
 * PostgreSQL allows 65 535 parameters per statement; a multi-row insert uses one per column and
 * row. Within that, a few thousand rows per statement: past that, larger statements barely
 * save time and hold more rows in memory at once.
 */
const maxParameters = 65_535;
const defaultBatchRows = 5_000;

/** Every table of the SQLite schema with its PostgreSQL twin, parents before children. */
function tablesInForeignKeyOrder(): TablePair[] {
  const pgTables = new Map(Object.values(pgSchema).flatMap((t) => (is(t, PgTable) ? [[getTableName(t), t] as const] : [])));
  const pairs = new Map<string, TablePair>(
    Object.values(liteSchema).flatMap((lite) => {
      if (!is(lite, SQLiteTable)) return [];
      const name = getTableName(lite);
      const pg = pgTables.get(name);
      if (!pg) throw new Error(`table ${name} has no PostgreSQL twin in db/pg/schema/`);
      return [[name, { name, lite, pg }] as const];
    }),
  );
  const ordered: TablePair[] = [];
  const visit = (pair: TablePair) => {
    if (ordered.includes(pair)) return;
    for (const fk of pgConfig(pair.pg).foreignKeys) {
      const parent = pairs.get(getTableName(fk.reference().foreignTable));
      if (parent && parent !== pair) visit(parent);
    }
    ordered.push(pair);
  };
  for (const pair of pairs.values()) visit(pair);
  return ordered;
}

/** The primary key's columns, with the property each has in a row drizzle reads. */
function primaryKey(table: SQLiteTable): { column: Column; key: string }[] {
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column, key]));
  const config = liteConfig(table);
  const columns = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
  return columns.map((column) => ({ column, key: keyOf.get(column)! }));
}

/**
 * The table's rows in primary-key order, `size` at a time: each batch starts after the last key
 * of the one before (a row-value comparison, which the primary key's index serves), so a million
 * rows are never in memory together and no batch rescans the ones before it, as OFFSET would.
 */
function* readInBatches(source: Db, table: SQLiteTable, size: number): Generator<Record<string, unknown>[]> {
  const key = primaryKey(table);
  const list = (parts: SQLChunk[]) => sql.join(parts, sql`, `);
  let after: SQL | undefined;
  for (;;) {
    const rows: Record<string, unknown>[] = source.select().from(table).where(after).orderBy(...key.map((k) => asc(k.column))).limit(size).all();
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows.at(-1)!;
    after = sql`(${list(key.map((k) => sql`${k.column}`))}) > (${list(key.map((k) => sql.param(last[k.key], k.column)))})`;
  }
}

/**
 * Refuses a target where one of `tables` holds a row. Tables not there yet count as empty: before
 * its migrations, a new database has none.
 */
async function refuseRows(db: Pick<PgDb, "execute">, tables: TablePair[]): Promise<void> {
  for (const { name, pg } of tables) {
    const [exists] = await db.execute(sql`select to_regclass(${name}) is not null as found`);
    if (!exists?.found) continue;
    const [row] = await db.execute(sql`select 1 from ${pg} limit 1`);
    if (row) throw new NothingCopied(`the PostgreSQL database already holds rows in ${name}; the copy only fills an empty database, it never merges`);
  }
}

/**
 * Why the source's tables may not be the ones the SQLite schema describes, if they may not: it
 * lacks migrations (columns would be missing), or has some this code does not know (columns it
 * does not know of would be left behind).
 */
async function sourceSchemaProblem(source: Db): Promise<string | undefined> {
  const journal = (await Bun.file(`${migrationsFolder}/meta/_journal.json`).json()) as { entries: unknown[] };
  const [{ n } = { n: 0 }] = source.all<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`);
  const known = journal.entries.length;
  if (n < known) return `the SQLite database lacks ${known - n} migration(s); run \`refbot db migrate\` on it first`;
  if (n > known) return `the SQLite database has ${n - known} migration(s) this version of refbot does not know; copy it with the version that wrote it`;
  return undefined;
}

/**
 * Copies `source` into the PostgreSQL database at `url`, which must hold no refbot rows: it is
 * migrated first, then filled in one transaction, so a failure at any point leaves it without a
 * row.
 */
export async function copySqliteToPg(source: Db, url: string, { onTable, batchRows = defaultBatchRows }: CopyOptions = {}): Promise<CopyReport> {
  const started = performance.now();
  const tables = tablesInForeignKeyOrder();
  const schemaProblem = await sourceSchemaProblem(source);
  if (schemaProblem) throw new NothingCopied(schemaProblem);

  const target = openPg(url, { max: 1 });
  try {
    // Checked before migrating as well as under the lock below, so a live database on an older
    // schema is refused without its schema being changed.
    await refuseRows(target, tables);
    const { applied } = await migratePg(url);

    // One read transaction on SQLite: every table comes from the same moment, even if a server
    // still writes to the file.
    source.sqlite.run("BEGIN");
    try {
      const copies = await target.transaction(async (tx) => {
        // Blocks every other writer until the commit (readers go on), so nothing can land
        // between the check that the tables are empty and the copy.
        await tx.execute(sql`lock table ${sql.join(tables.map((t) => sql`${t.pg}`), sql`, `)} in share row exclusive mode`);
        await refuseRows(tx, tables);

        // Derived tables (rank_counts, kept from users by triggers on both engines) are copied as
        // they are, with every user trigger off meanwhile. Left on, the triggers would count each
        // copied user on top of the copied counts; copying users with them on and skipping
        // rank_counts would cost a trigger run per user on the same few rows (minutes per 100 000
        // users in one transaction) and still differ from SQLite, whose triggers leave rows at
        // zero users that a recount never makes. Copied, the table equals SQLite's row for row.
        // Whatever else a trigger derives from a write is as true of the copy as of the file it
        // came from, so none of them runs. ALTER TABLE is transactional: a failed copy leaves the
        // triggers on, and the lock above keeps every other writer out while they are off.
        for (const t of tables) await tx.execute(sql`alter table ${t.pg} disable trigger user`);
        const done: TableCopy[] = [];
        for (const t of tables) {
          const copy = await copyTable(tx, source, t, batchRows);
          done.push(copy);
          onTable?.(copy);
        }
        for (const t of tables) await tx.execute(sql`alter table ${t.pg} enable trigger user`);
        await restartSequences(tx, source, tables);
        return done;
      });
      return { migrationsApplied: applied, tables: copies, ms: Math.round(performance.now() - started) };
    } finally {
      source.sqlite.run("COMMIT");
    }
  } finally {
    await target.$client.close();
  }
}

type Transaction = Parameters<Parameters<PgDb["transaction"]>[0]>[0];

/** `value` without U+0000 in any string, a JSON document's keys and nested strings included; `cleaned` says whether it held one. */
function cleanValue(value: unknown): { value: unknown; cleaned: boolean } {
  if (typeof value === "string") {
    const clean = withoutNul(value);
    return { value: clean, cleaned: clean !== value };
  }
  // Only what a JSON column holds is walked: dates, numbers and the like carry no text.
  const isDocument = Array.isArray(value) || (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype);
  if (!isDocument) return { value, cleaned: false };
  let cleaned = false;
  const each = (child: unknown) => {
    const result = cleanValue(child);
    cleaned ||= result.cleaned;
    return result.value;
  };
  const key = (name: string) => {
    const clean = withoutNul(name);
    cleaned ||= clean !== name;
    return clean;
  };
  const copy = Array.isArray(value) ? value.map(each) : Object.fromEntries(Object.entries(value as object).map(([name, child]) => [key(name), each(child)]));
  return { value: cleaned ? copy : value, cleaned };
}

/**
 * The batch's rows with U+0000 taken out of their values, each value cleaned counted under its
 * column's SQL name. New rows: the ones read stay as SQLite holds them, since the next batch is
 * read from after the last one's key.
 */
function withoutNuls(batch: Record<string, unknown>[], columnNames: Record<string, string>, counts: Record<string, number>): Record<string, unknown>[] {
  return batch.map((row) => {
    let copy: Record<string, unknown> | undefined;
    for (const [key, raw] of Object.entries(row)) {
      const { value, cleaned } = cleanValue(raw);
      if (!cleaned) continue;
      copy ??= { ...row };
      copy[key] = value;
      const column = columnNames[key] ?? key;
      counts[column] = (counts[column] ?? 0) + 1;
    }
    return copy ?? row;
  });
}

async function copyTable(tx: Transaction, source: Db, t: TablePair, batchRows: number): Promise<TableCopy> {
  const started = performance.now();
  const size = Math.min(batchRows, Math.floor(maxParameters / pgConfig(t.pg).columns.length));
  let rows = 0;
  const nulsRemoved: Record<string, number> = {};
  const columnNames = Object.fromEntries(Object.entries(getTableColumns(t.lite)).map(([key, column]) => [key, column.name]));
  // One insert in flight while the next batch is read and built: the client's work (most of it
  // drizzle building the statement) overlaps the server's instead of taking turns with it.
  let inFlight: Promise<unknown> = Promise.resolve();
  try {
    for (const batch of readInBatches(source, t.lite, size)) {
      // The same row type on both engines, as tests/types/engine-schemas.ts checks per table;
      // here the tables come from a loop, so the compiler knows them only as tables.
      const rowsToWrite = withoutNuls(batch, columnNames, nulsRemoved) as PgTable["$inferInsert"][];
      const insert = tx.insert(t.pg).values(rowsToWrite).execute();
      // Awaited on the next turn or after the loop; if the insert before it fails first, the
      // loop ends there, and this one's failure must not surface as an unhandled rejection.
      insert.catch(() => {});
      await inFlight;
      inFlight = insert;
      rows += batch.length;
    }
    await inFlight;
  } catch (error) {
    // drizzle's message holds the whole statement with its thousands of values; the server's
    // reason is in the cause.
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new NothingCopied(`copying ${t.name} failed: ${reason}`);
  }
  return { table: t.name, rows, ms: Math.round(performance.now() - started), nulsRemoved };
}

/**
 * Moves every identity and serial sequence past the ids now in its table, so the next insert gets
 * a fresh id. Past SQLite's own high-water mark too (sqlite_sequence, kept by AUTOINCREMENT): an id
 * SQLite handed out to a row deleted since is never handed out again there, and a row elsewhere
 * (an audit entry) may still name it. ALTER SEQUENCE … RESTART is undone with the transaction,
 * where setval would stay even if the copy were rolled back.
 */
async function restartSequences(tx: Pick<PgDb, "execute">, source: Db, tables: TablePair[]): Promise<void> {
  const sqliteSeq = new Map(source.all<{ name: string; seq: number }>(sql`select name, seq from sqlite_sequence`).map((r) => [r.name, r.seq]));
  // drizzle's bun-sql driver types every raw row as Record<string, any>, whatever it is asked for.
  const sequences = (await tx.execute(sql`
    select c.relname as table, a.attname as column, pg_get_serial_sequence(format('%I', c.relname), a.attname) as sequence
    from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.oid in (${sql.join(tables.map((t) => sql`to_regclass(${t.name})`), sql`, `)}) and a.attnum > 0 and not a.attisdropped
      and pg_get_serial_sequence(format('%I', c.relname), a.attname) is not null`)) as { table: string; column: string; sequence: string }[];
  for (const { table, column, sequence } of sequences) {
    const [{ max }] = (await tx.execute(sql`select max(${sql.identifier(column)})::text as max from ${sql.identifier(table)}`)) as [{ max: string | null }];
    const copied = BigInt(max ?? 0);
    const handedOut = BigInt(sqliteSeq.get(table) ?? 0);
    const next = (copied > handedOut ? copied : handedOut) + 1n;
    // A sequence name cannot be a parameter; this one comes from the catalog, already quoted.
    await tx.execute(sql`alter sequence ${sql.raw(sequence)} restart with ${sql.raw(next.toString())}`);
  }
}
