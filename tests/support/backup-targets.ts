// A database to back up and restore, on either engine, with what the backup and restore tests read
// of it: the balances in the live database and in a backup file (straight from the SQLite copy, or
// from the pg_dump archive's own COPY data), plain SQL on it, and a fingerprint that changes with
// any change to it.
import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dumpRows } from "@/db/backup/pg-dump-rows.ts";
import type { PgFixture } from "./postgres.ts";

export type DbTarget = {
  engine: "sqlite" | "postgres";
  /** What `--db` takes: the file, or the postgres:// URL. */
  db: string;
  /** The environment of a server on this database. */
  env: Record<string, string>;
  /** A folder for backups, and the extension a backup gets there. */
  backups: string;
  ext: "sqlite" | "dump";
  /** user id → balance (micro-USDT) as the backup file holds them. */
  balancesIn(backup: string): Promise<Map<number, number>>;
  balancesNow(): Promise<Map<number, number>>;
  /** Plain SQL on the live database; rows as the driver gives them. */
  sql(text: string): Promise<Record<string, unknown>[]>;
  /** Changes with any change to the database: its files' bytes (SQLite), every row of its tables (PostgreSQL). */
  fingerprint(): Promise<string>;
  /** Removes the folders made for it (a PostgreSQL database goes with the fixture). */
  remove(): void;
};

const byId = (rows: Iterable<{ id: unknown; balance: unknown }>) => new Map([...rows].map((r) => [Number(r.id), Number(r.balance)]));
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

export function sqliteTarget(): DbTarget {
  const dir = mkdtempSync(join(tmpdir(), "refbot-restore-"));
  const data = join(dir, "data");
  mkdirSync(data);
  const path = join(data, "refbot.sqlite");
  const query = (file: string, text: string) => {
    const db = new Database(file);
    try {
      return db.query(text).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  };
  return {
    engine: "sqlite",
    db: path,
    env: { DATABASE_PATH: path },
    backups: join(dir, "backups"),
    ext: "sqlite",
    balancesIn: async (backup) => byId(query(backup, "select id, balance from users") as { id: number; balance: number }[]),
    balancesNow: async () => byId(query(path, "select id, balance from users") as { id: number; balance: number }[]),
    sql: async (text) => query(path, text),
    // Every file of the data folder, by name and content: the database, its WAL, anything left beside it.
    fingerprint: async () =>
      readdirSync(data)
        .sort()
        .map((name) => `${name}:${sha256(readFileSync(join(data, name)))}`)
        .join("\n"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function pgTarget(pg: PgFixture): Promise<DbTarget> {
  const database = await pg.database();
  const dir = mkdtempSync(join(tmpdir(), "refbot-restore-"));
  return {
    engine: "postgres",
    db: database.url,
    env: { DATABASE_URL: database.url },
    backups: join(dir, "backups"),
    ext: "dump",
    balancesIn: async (backup) => byId((await dumpRows(backup, "public", "users")) as { id: string; balance: string }[]),
    balancesNow: async () => byId(await database.sql`select id, balance from users`),
    sql: async (text) => [...(await database.sql.unsafe(text))],
    async fingerprint() {
      const tables: { name: string }[] = await database.sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`;
      const parts = [];
      for (const { name } of tables) {
        const [{ hash }] = await database.sql.unsafe(`select count(*) || ':' || coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as hash from ${name} t`);
        parts.push(`${name}:${hash}`);
      }
      return parts.join("\n");
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
