// The database as this process uses it: how many writes share a commit (group commit), and, read
// when Prometheus asks, whether the database answers, how large SQLite's write-ahead log has grown
// and how many connections the PostgreSQL pool holds.
import { Gauge, Histogram, type Registry } from "prom-client";
import type { DatabaseState } from "@/domain/store.ts";

export type DbMetrics = { batched(size: number): void };

export function dbMetrics(registry: Registry): DbMetrics {
  const batches = new Histogram({
    name: "refbot_db_group_commit_batch_size",
    help: "Writes committed together by one group commit (task completions, mostly).",
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers: [registry],
  });
  return { batched: (size) => batches.observe(size) };
}

/** Connections of the PostgreSQL pool by state, as the database's own activity view shows them. */
export type PoolConnections = Record<string, number>;

export type DbSources = {
  /** The database as last found (store.health.state): asks the database nothing. */
  state(): DatabaseState;
  /** SQLite: the write-ahead log's size in bytes. */
  walBytes?(): number;
  /** PostgreSQL: the pool's connections by state. */
  poolConnections?(): Promise<PoolConnections>;
};

export function dbGauges(registry: Registry, sources: DbSources): void {
  new Gauge({
    name: "refbot_db_reachable",
    help: "1 while the database answers and stores writes, 0 while it cannot be reached or its disk refuses writes (as /api/health's database).",
    registers: [registry],
    collect() {
      this.set(sources.state() === "ok" ? 1 : 0);
    },
  });
  const { walBytes, poolConnections } = sources;
  if (walBytes) {
    new Gauge({
      name: "refbot_sqlite_wal_bytes",
      help: "Size of SQLite's write-ahead log file; the checkpoint worker keeps it from growing.",
      registers: [registry],
      collect() {
        this.set(walBytes());
      },
    });
  }
  if (poolConnections) {
    new Gauge({
      name: "refbot_pg_pool_connections",
      help: "Connections of this instance's PostgreSQL pool, by state (active, idle, idle in transaction), as pg_stat_activity shows them.",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        // Asked only of a database that answers, and a failed answer leaves the gauge out of this
        // scrape: the rest of the scrape, refbot_db_reachable first, must still be served.
        if (sources.state() !== "ok") return;
        const connections = await poolConnections().catch(() => ({}));
        for (const [state, count] of Object.entries(connections)) this.set({ state }, count);
      },
    });
  }
}
