// PostgreSQL for tests: each test file gets fresh, uniquely named databases on the server PG_URL
// names (default: the local server, user postgres with trust authentication), dropped after the
// file. Without a server the file's PostgreSQL tests skip, counted for the one line
// postgres-summary.ts prints after the run; under CI=true a missing server fails the run instead.
import { afterAll, test } from "bun:test";
import type { SQL } from "bun";
import { randomBytes } from "node:crypto";
import { basename, relative } from "node:path";
import { migratePg, pgClient } from "@/db/pg/client.ts";
import { unreachable } from "./postgres-summary.ts";

const serverUrl = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const root = `${import.meta.dir}/../..`;
const prefix = "refbot_test_";
// A database left by a run that was killed before its cleanup is dropped by a later run once it
// is this old; younger ones may belong to a run still going.
const staleAfterSeconds = 6 * 3600;

export type PgTestDatabase = { name: string; url: string; sql: SQL };

export type PgFixture = {
  /** Whether a server answered; when not, `test` skips and the databases are refused. */
  available: boolean;
  /** Registers a test that needs PostgreSQL: skipped, and counted, when no server answers. */
  test(name: string, fn: () => Promise<unknown> | void, timeout?: number): void;
  /** A fresh, empty database; it and its connections go after the file's tests. */
  database(): Promise<PgTestDatabase>;
  /**
   * A database with every migration applied and no rows: one given back by `release`, emptied,
   * or else a copy of one the file migrates once (CREATE DATABASE … TEMPLATE). It goes after the
   * file's tests, like `database()`'s.
   */
  migratedDatabase(): Promise<PgTestDatabase>;
  /**
   * Gives back a database from `migratedDatabase` whose user has closed its connections: its
   * tables are emptied and their ids start again at 1 (TRUNCATE … RESTART IDENTITY), and the
   * next `migratedDatabase` takes it. Cheaper than a copy, and far cheaper than a drop, which
   * makes the server write a checkpoint.
   */
  release(db: PgTestDatabase): void;
};

let probe: Promise<SQL | Error> | undefined;

/** The maintenance connection, or why the server could not be reached; asked once per run. */
function server(): Promise<SQL | Error> {
  probe ??= (async () => {
    const sql = pgClient(serverUrl, { max: 4, connectionTimeout: 5 });
    try {
      await sql`select 1`;
      await dropStale(sql);
      return sql;
    } catch (error) {
      await sql.close().catch(() => {}); // The connection never opened; the error is the answer.
      return error as Error;
    }
  })();
  return probe;
}

async function dropStale(sql: SQL) {
  const rows: { datname: string }[] = await sql`select datname from pg_database where starts_with(datname, ${prefix})`;
  const now = Date.now() / 1000;
  for (const { datname } of rows) {
    const born = parseInt(datname.split("_").at(-2) ?? "", 36);
    if (now - born > staleAfterSeconds) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
  }
}

export async function usePostgres(file: string): Promise<PgFixture> {
  const sql = await server();
  if (sql instanceof Error) {
    const where = new URL(serverUrl);
    unreachable.where = `${where.hostname}:${where.port || 5432}`;
    unreachable.reason = (sql as { code?: string }).code ?? sql.message;
    if (process.env.CI === "true") throw new Error(`PostgreSQL at ${unreachable.where} is unreachable (${unreachable.reason}); CI needs it (.ci/run starts one, or set PG_URL)`);
    unreachable.files.add(relative(root, file));
    return {
      available: false,
      test: (name) => {
        unreachable.tests++;
        test.skip(name, () => {});
      },
      database: () => Promise.reject(new Error("PostgreSQL is unreachable")),
      migratedDatabase: () => Promise.reject(new Error("PostgreSQL is unreachable")),
      release: () => {},
    };
  }

  const slug = basename(file).replace(/\.test\.ts$/, "").toLowerCase().replace(/[^a-z0-9]+/g, "_").slice(0, 24);
  const made: PgTestDatabase[] = [];
  // Migrated databases given back, each being emptied for the next test.
  const released: Promise<PgTestDatabase>[] = [];
  // Side by side: each drop waits for a checkpoint, and concurrent drops share one.
  afterAll(async () => {
    await Promise.allSettled(released);
    await Promise.all(
      made.map(async (db) => {
        // Whatever still runs is left over from a failed test.
        await db.sql.close({ timeout: 0 });
        await sql.unsafe(`drop database if exists "${db.name}" with (force)`);
      }),
    );
  });
  // Unique across files, processes and machines sharing the server; the creation time (base 36
  // seconds) lets a later run tell a leftover from a database in use.
  const create = async (template?: string): Promise<PgTestDatabase> => {
    const name = `${prefix}${slug}_${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(4).toString("hex")}`;
    await sql.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`);
    const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).href;
    // Opens its connections only when used; a template must have none when it is copied.
    const db = { name, url, sql: pgClient(url, { max: 8 }) };
    made.push(db);
    return db;
  };
  // Migrating takes a few hundred statements; copying a migrated database is one.
  let template: Promise<string> | undefined;
  const empty = async (db: PgTestDatabase) => {
    const [{ tables }] = await db.sql`select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables from pg_tables where schemaname = 'public'`;
    await db.sql.unsafe(`truncate ${tables} restart identity`);
    return db;
  };
  return {
    available: true,
    test: (name, fn, timeout) => test(name, fn, timeout),
    database: () => create(),
    migratedDatabase() {
      const reused = released.shift();
      if (reused) return reused;
      template ??= create().then(async (db) => {
        await migratePg(db.url);
        return db.name;
      });
      return template.then(create);
    },
    release(db) {
      const emptied = empty(db);
      emptied.catch(() => {}); // a failure shows to the caller that takes it
      released.push(emptied);
    },
  };
}
