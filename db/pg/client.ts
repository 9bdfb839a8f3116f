// PostgreSQL through Bun's built-in client: connections and migrations, for the engine a
// postgres:// DATABASE_URL selects (db/sqlite/client.ts opens the SQLite default).
import { SQL } from "bun";
import { join } from "node:path";
import { drizzle, type BunSQLDatabase } from "drizzle-orm/bun-sql";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import { defaultTimeoutSeconds } from "./timeouts.ts";

export const pgMigrationsFolder = join(import.meta.dir, "migrations");

/**
 * A Bun SQL client for a postgres:// URL. The URL's database is passed as an option because Bun
 * lets a PGDATABASE in the environment override the database a URL names, which would send a
 * test's statements, or a migration, to another database.
 */
export function pgClient(url: string, options: PgOptions = {}): SQL {
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  return new SQL({ ...options, url, adapter: "postgres", ...(database ? { database } : {}) });
}

export type PgOptions = Omit<SQL.PostgresOrMySQLOptions, "url" | "adapter">;

let pools = 0;

/**
 * drizzle over a pool whose every connection runs its transactions at READ COMMITTED (what the
 * Store's rules are written for, see db/pg/store/index.ts), whatever the server's default: set
 * once per connection rather than by a SET TRANSACTION round trip in every transaction. Without
 * the schema: nothing uses drizzle's relational queries, which would otherwise build a query
 * helper per table for every transaction.
 *
 * Connecting gives up after `connectionTimeout` (Bun's default is 30 s, spent retrying a
 * connection that a load balancer accepts and closes at once). Each pool names its connections
 * (`application_name`), so that they can be told apart from the server's side (liveness.ts), and
 * a backend whose client vanished in the middle of a transaction ends itself after a while,
 * giving up its row locks, when nobody could end it sooner. `$pool` says how to open another pool
 * like this one.
 */
export function openPg(url: string, options: PgOptions = {}): PgDb {
  const { application_name, ...rest } = options.connection ?? {};
  const name = String(application_name ?? `refbot ${process.pid}.${++pools}`);
  const timeout = options.connectionTimeout ?? defaultTimeoutSeconds;
  const connection = {
    idle_in_transaction_session_timeout: `${Math.ceil(timeout * 5)}s`,
    ...rest,
    application_name: name,
    default_transaction_isolation: "read committed",
  };
  const db = drizzle({ client: pgClient(url, { ...options, connectionTimeout: timeout, connection }) });
  return Object.assign(db, {
    $pool: { url, name, timeoutSeconds: timeout, reopen: () => openPg(url, { ...options, connection: rest }) },
  });
}

/** Which pool a PgDb is, and how to open another like it. */
export type PgPool = {
  url: string;
  /** The `application_name` of its connections. */
  name: string;
  timeoutSeconds: number;
  /** A new pool with the same settings and a name of its own; this one is left as it is. */
  reopen(): PgDb;
};

export type PgDb = BunSQLDatabase & { $client: SQL; $pool: PgPool };

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
