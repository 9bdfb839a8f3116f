// Opens the database the configuration names, migrated: PostgreSQL when DATABASE_URL is set,
// else the SQLite file. What the rest of the product sees is the Store; the SQLite connection is
// handed out too, for what only a file has (checkpoints, VACUUM INTO backups).
import type { Store } from "@/domain/store.ts";
import { silentLog } from "@/observe/log.ts";
import { migrateDb, openDb, type Db } from "./sqlite/client.ts";
import { migratePg, openPg } from "./pg/client.ts";
import { poolConnections } from "./pg/pool-connections.ts";
import { pgStore } from "./pg/store/index.ts";
import { walBytes } from "./sqlite/wal.ts";
import type { StoreOptions } from "./store-options.ts";
import { withoutPassword } from "./pg/url.ts";
import { sqliteStore } from "./sqlite/store/index.ts";

export type Engine = {
  store: Store;
  /** For the start-up banner: which database, without a password. */
  description: string;
  sqlite?: Db;
  /** The PostgreSQL URL, for what runs beside the store (the fleet's leadership lock). */
  postgresUrl?: string;
  /** For the metrics, what only one engine has: SQLite's WAL size, PostgreSQL's pool connections by state. */
  walBytes?: () => number;
  poolConnections?: () => Promise<Record<string, number>>;
  close(): Promise<void>;
};

/** The settings an engine is opened with; the server's configuration (config/env.ts) has them among its own. */
export type EngineConfig = {
  /** PostgreSQL when set, with a pool of `databasePool` connections; else SQLite at databasePath. */
  databaseUrl: string | undefined;
  databasePool: number;
  databaseTimeoutSeconds: number;
  databasePath: string;
  synchronous: "FULL" | "NORMAL";
  cacheMb: number;
  mmapMb: number;
};

/**
 * `log` hears what the engine meets: the database lost and found, a full disk, a pool replaced;
 * `onBatch` the size of each group commit.
 */
export async function openEngine(config: EngineConfig, { log = silentLog, onBatch }: StoreOptions = {}): Promise<Engine> {
  if (config.databaseUrl) {
    await migratePg(config.databaseUrl);
    const db = openPg(config.databaseUrl, { max: config.databasePool, connectionTimeout: config.databaseTimeoutSeconds });
    const store = await pgStore(db, { log, onBatch });
    return {
      store,
      description: `PostgreSQL ${withoutPassword(config.databaseUrl)} (pool of ${config.databasePool})`,
      postgresUrl: config.databaseUrl,
      poolConnections: () => poolConnections(store.pool()),
      async close() {
        await store.close();
        await db.$client.close();
      },
    };
  }
  const db = openDb(config.databasePath, { synchronous: config.synchronous, cacheMb: config.cacheMb, mmapMb: config.mmapMb });
  migrateDb(db);
  return {
    store: sqliteStore(db, { log, onBatch }),
    description: `${config.databasePath} (SQLite, WAL, synchronous=${config.synchronous})`,
    sqlite: db,
    walBytes: () => walBytes(config.databasePath),
    close: async () => db.sqlite.close(),
  };
}
