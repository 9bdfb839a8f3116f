// PostgreSQL through Bun's built-in client: connections and migrations, for the engine a
// postgres:// DATABASE_URL selects (db/client.ts opens the SQLite default).
import { SQL } from "bun";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sql";
import { migrate } from "drizzle-orm/bun-sql/migrator";

export const pgMigrationsFolder = join(import.meta.dir, "migrations");

/**
 * A Bun SQL client for a postgres:// URL. The URL's database is passed as an option because Bun
 * lets a PGDATABASE in the environment override the database a URL names, which would send a
 * test's statements, or a migration, to another database.
 */
export function pgClient(url: string, options: Omit<SQL.PostgresOrMySQLOptions, "url" | "adapter"> = {}): SQL {
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  return new SQL({ ...options, url, adapter: "postgres", ...(database ? { database } : {}) });
}

/**
 * drizzle over a pool whose every connection runs its transactions at READ COMMITTED (what the
 * Store's rules are written for, see db/pg/store/index.ts), whatever the server's default: set
 * once per connection rather than by a SET TRANSACTION round trip in every transaction. Without
 * the schema: nothing uses drizzle's relational queries, which would otherwise build a query
 * helper per table for every transaction.
 */
export function openPg(url: string, options: Omit<SQL.PostgresOrMySQLOptions, "url" | "adapter"> = {}) {
  const connection = { ...options.connection, default_transaction_isolation: "read committed" };
  return drizzle({ client: pgClient(url, { ...options, connection }) });
}

export type PgDb = ReturnType<typeof openPg>;

/**
 * Applies the migrations that have not run yet, all in one transaction. Instances starting
 * together queue on an advisory lock, or two of them would both find a migration missing and the
 * second would fail on the tables the first created. One connection, so the lock it takes covers
 * the migrator's statements; closing it releases the lock, whatever happened. Answers how many
 * migrations this call applied and how many the database now has (counted under the lock, so
 * another instance's cannot mix in).
 */
export async function migratePg(url: string): Promise<{ applied: number; total: number }> {
  const client = pgClient(url, { max: 1 });
  const count = async (): Promise<number> => {
    const [{ table }] = await client`select to_regclass('drizzle.__drizzle_migrations') is not null as table`;
    return table ? (await client`select count(*)::int as n from drizzle.__drizzle_migrations`)[0].n : 0;
  };
  try {
    await client`select pg_advisory_lock(hashtext('refbot.migrate'))`;
    const before = await count();
    await migrate(drizzle({ client }), { migrationsFolder: pgMigrationsFolder });
    const total = await count();
    return { applied: total - before, total };
  } finally {
    await client.close();
  }
}
