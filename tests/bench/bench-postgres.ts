// The PostgreSQL side of `npm run bench -- --engine postgres`: the SQLite generator's database
// copied into a scratch PostgreSQL database (copySqliteToPg, as `refbot db copy-to-postgres` does),
// the server on it with DATABASE_URL, measured as on SQLite; beside the completions, `pgbench -N`
// on another scratch database of the same server with as many clients as the server's pool held,
// and what the pool's connections waited on meanwhile. The databases are dropped at the end, also
// after a failure or on Ctrl-C.
import type { SQL } from "bun";
import { join } from "node:path";
import { createConfig } from "@/config/env.ts";
import { openDb } from "@/db/sqlite/client.ts";
import { openPg, pgClient } from "@/db/pg/client.ts";
import { copySqliteToPg, type TableCopy } from "@/db/pg/copy-from-sqlite.ts";
import { pgStore } from "@/db/pg/store/index.ts";
import { claimBatch } from "@/domain/broadcast.ts";
import { addBenchTasks, buildBenchDb } from "./build-db.ts";
import { summarize, type Throughput } from "./measure.ts";
import { openBenchServer, serverUrl } from "./pg-bench-db.ts";
import { sampleWaits, type WaitReport } from "./pg-waits.ts";
import { pgbenchInit, pgbenchRun } from "./pgbench.ts";
import { broadcastRows, busierRows, httpRow, queryRows, readRows, type Row } from "./report.ts";
import { busierInFlight, busierVariants, cpuSplit, measureServer, type BenchContext, type Measured, type ServerResults } from "./server-bench.ts";
import { measureMiniAppReads, miniAppReadRows } from "./reads-headers.ts";
import { targets } from "./targets.ts";

type PgCompletion = Measured & { waits: WaitReport };

export type PostgresResults = ServerResults & {
  engine: "postgres";
  users: number;
  seconds: number;
  startedAt: string;
  build: ReturnType<typeof buildBenchDb> & {
    sqliteSeconds: number;
    copySeconds: number;
    vacuumSeconds: number;
    tables: TableCopy[];
    /** The database read into the file cache before measuring; null where pg_prewarm is missing, absent from runs saved before it was done. */
    prewarm?: Prewarm | null;
  };
  postgres: { version: string; settings: Record<string, string>; pool: number };
  /** `pgbench -N` right after the durable completions, with as many clients as the pool held. */
  pgbench: Throughput & { clients: number; postgresCpuUsPerOp: number };
  http: ServerResults["http"] & { completeSyncOn: PgCompletion; completeSyncOff: PgCompletion };
  /** The reads with the mini app's headers (reads-headers.ts); absent from runs saved before they were measured. */
  miniAppReads?: Record<string, Measured>;
};

export async function benchPostgres(ctx: BenchContext): Promise<PostgresResults> {
  const startedAt = new Date().toISOString();
  const server = await openBenchServer().catch((error: Error & { code?: string }) => {
    throw new Error(`PostgreSQL at ${new URL(serverUrl).host} is unreachable (${error.code ?? error.message}); start it or set PG_URL`);
  });
  const dropOnSignal = (signal: NodeJS.Signals) => {
    ctx.log(`${signal}: dropping the bench databases`);
    void server.dropAll().finally(() => process.exit(130));
  };
  process.on("SIGINT", dropOnSignal).on("SIGTERM", dropOnSignal);
  try {
    const target = await server.create("server");
    const sqlitePath = join(ctx.work, "postgres-source.sqlite");
    ctx.log(`PostgreSQL: building a database of ${ctx.users} users in SQLite...`);
    const built = buildBenchDb(sqlitePath, ctx.users);
    const [onTask, offTask, warmUpTask, ...busierTasks] = addBenchTasks(sqlitePath, [
      "Bench task synchronous_commit on",
      "Bench task synchronous_commit off",
      "Bench task, warming up",
      ...busierInFlight.map((n) => `Bench task synchronous_commit on, ${n} in flight`),
    ]);
    ctx.log(`copying it into ${target.name}...`);
    const source = openDb(sqlitePath);
    const copy = await copySqliteToPg(source, target.url, { onTable: (t) => ctx.log(`  ${t.table}: ${t.rows} rows, ${(t.ms / 1000).toFixed(1)} s`) }).finally(() => source.sqlite.close());
    const admin = pgClient(target.url, { max: 1 });
    const [{ pid: adminPid }] = await admin`select pg_backend_pid() as pid`;
    const vacuumStart = performance.now();
    await admin.unsafe("vacuum analyze");
    const vacuumSeconds = (performance.now() - vacuumStart) / 1000;
    const prewarm = await prewarmDatabase(admin, ctx.log);
    const build = { ...built, sqliteSeconds: built.seconds, copySeconds: copy.ms / 1000, vacuumSeconds, tables: copy.tables, seconds: built.seconds + copy.ms / 1000 + vacuumSeconds, prewarm };

    const ceiling = await server.create("pgbench");
    pgbenchInit(ceiling.url);
    const settings = Object.fromEntries(
      ((await admin`select name, current_setting(name) as value from pg_settings
        where name in ('server_version', 'shared_buffers', 'synchronous_commit', 'max_connections', 'fsync', 'wal_sync_method', 'commit_delay', 'max_wal_size')
        order by name`) as { name: string; value: string }[]).map((r) => [r.name, r.value]),
    );
    const pool = createConfig({ DATABASE_URL: target.url, DATABASE_POOL: process.env.DATABASE_POOL }).databasePool;

    let pgbench: PostgresResults["pgbench"] | undefined;
    const durable = { key: "completeSyncOn", label: "task completion, synchronous_commit=on", taskId: onTask! };
    const measured = await measureServer(ctx, {
      database: target.name,
      env: { DATABASE_URL: target.url },
      completions: [durable, { key: "completeSyncOff", label: "task completion, synchronous_commit=off", taskId: offTask! }],
      busier: busierVariants(durable, busierTasks),
      warmUpTaskId: warmUpTask!,
      async completing(variant, run) {
        // Each measurement starts from a checkpoint, so none pays for the one the last left due.
        await admin`checkpoint`;
        const sampler = await sampleWaits(target.url, { exclude: [adminPid] });
        const w = await run();
        const waits = await sampler.stop();
        if (variant.key === "completeSyncOn") {
          const clients = waits.poolConnections || pool;
          await admin`checkpoint`;
          ctx.log(`pgbench -N, ${clients} clients`);
          const [tx, postgresCpuUsPerSecond] = await Promise.all([
            pgbenchRun(ceiling.url, clients, ctx.seconds).then((sample) => summarize([sample])),
            pgbenchCpu(ceiling.name, ctx.seconds),
          ]);
          pgbench = { clients, ...tx, postgresCpuUsPerOp: postgresCpuUsPerSecond / tx.opsPerSecond };
        }
        return { ...w, waits };
      },
      // The relaxed variant: what SQLite's synchronous=NORMAL is to FULL, for the connections
      // the restarted server opens. Commits are not waited for on disk; a crash may lose the
      // last ones, never leave a half.
      beforeRelaxed: async () => void (await admin.unsafe(`alter database "${target.name}" set synchronous_commit = off`)),
      async claimBatch(limit) {
        const db = openPg(target.url, { max: 1 });
        const store = await pgStore(db);
        try {
          return (await claimBatch({ store, clock: () => new Date() }, limit)).deliveries.length;
        } finally {
          await store.close();
          await db.$client.close();
        }
      },
    });
    // With synchronous_commit back on: the reads write nothing, but the server's sessions are as the durable run's.
    await admin.unsafe(`alter database "${target.name}" reset synchronous_commit`);
    const miniAppReads = await measureMiniAppReads(ctx, { DATABASE_URL: target.url });
    await admin.close();
    return {
      engine: "postgres",
      users: ctx.users,
      seconds: ctx.seconds,
      startedAt,
      build,
      postgres: { version: settings.server_version!, settings, pool },
      pgbench: pgbench!,
      ...(measured as ServerResults & Pick<PostgresResults, "http">),
      miniAppReads,
    };
  } finally {
    process.off("SIGINT", dropOnSignal).off("SIGTERM", dropOnSignal);
    await server.dropAll();
  }
}

type Prewarm = { blocks: number; seconds: number };

/**
 * Reads every table and index of the database once, into the machine's file cache, as a server
 * that has been answering for a while has it, so that a run does not depend on how much of the
 * copy the cache happens to hold. With the cache dropped, the completion runs read index pages
 * from disk (IO:DataFileRead led the pool's waits) and made half the rate they made once the
 * same database was read back in. Reads only (pg_prewarm's `read` mode): PostgreSQL's own
 * buffers are left as they were.
 */
export async function prewarmDatabase(sql: SQL, log: (line: string) => void): Promise<Prewarm | null> {
  const started = performance.now();
  try {
    await sql.unsafe("create extension if not exists pg_prewarm");
  } catch (error) {
    log(`not prewarmed: ${(error as Error).message}`);
    return null;
  }
  const [{ blocks }] = await sql.unsafe(`select coalesce(sum(pg_prewarm(c.oid, 'read')), 0)::int8 as blocks from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'i', 't', 'm') and c.relpersistence = 'p' and n.nspname not in ('pg_catalog', 'information_schema')`);
  const prewarm = { blocks: Number(blocks), seconds: (performance.now() - started) / 1000 };
  log(`read ${prewarm.blocks} blocks into the file cache in ${prewarm.seconds.toFixed(1)} s`);
  return prewarm;
}

/**
 * PostgreSQL's CPU per second for pgbench's database, taken inside the run (its backends end with
 * it, and their time with them): from half a second in to half a second before the end.
 */
export async function pgbenchCpu(database: string, seconds: number): Promise<number> {
  await Bun.sleep(500);
  const cpu = cpuSplit(-1, database);
  const window = Math.max(0.5, seconds - 1);
  await Bun.sleep(window * 1000);
  return cpu().postgres / window;
}

const percent = (x: number) => `${(x * 100).toFixed(0)}%`;

/**
 * What the pool's busy connections did during a run: the mean number busy, the commits per WAL
 * flush, the largest lock waits, and what the others were doing (running, waiting for the server
 * to send the next statement, flushing the WAL at COMMIT).
 */
function waitRow(key: string, label: string, h: PgCompletion): Row {
  const w = h.waits;
  const ok = h.requests - h.non2xx;
  const isLock = (x: { what: string }) => x.what.startsWith("Lock:");
  const locks = w.waits.filter(isLock);
  const others = w.waits.filter((x) => !isLock(x));
  const sum = (xs: { share: number }[]) => xs.reduce((a, x) => a + x.share, 0);
  const list = (xs: { share: number; what: string }[]) => xs.map((x) => `${percent(x.share)} ${x.what}`).join(", ");
  return {
    key,
    label,
    result: `${w.meanBusy.toFixed(1)} of ${w.poolConnections} busy`,
    detail: [
      `${(ok / Math.max(1, w.walFlushes)).toFixed(1)} completions per WAL flush (${w.walFlushes} flushes on the whole server)`,
      `waiting on a lock ${percent(sum(locks))}: ${list(locks.slice(0, 4))}`,
      `not on a lock ${percent(sum(others))}: ${list(others.slice(0, 4))}`,
    ].join("; "),
  };
}

export function postgresRows(r: PostgresResults): Row[] {
  const on = r.http.completeSyncOn;
  const off = r.http.completeSyncOff;
  const shareOf = (h: Measured) => h.okPerSecond / r.pgbench.opsPerSecond;
  // The target holds at the usual 32 in flight, not only with more requests waiting to share a commit.
  const target = `target ≥ ${percent(targets.shareOfPgbench)} at 32 in flight: ${shareOf(on) >= targets.shareOfPgbench ? "met" : "MISSED"}`;
  const s = r.postgres.settings;
  return [
    {
      key: "postgres",
      label: "PostgreSQL server",
      result: r.postgres.version,
      detail: `shared_buffers ${s.shared_buffers}, synchronous_commit ${s.synchronous_commit}, max_connections ${s.max_connections}; fsync ${s.fsync}, wal_sync_method ${s.wal_sync_method}, commit_delay ${s.commit_delay}, max_wal_size ${s.max_wal_size}; server pool ${r.postgres.pool}`,
    },
    {
      key: "build",
      label: `database build (${r.users} users)`,
      result: `${r.build.seconds.toFixed(1)} s`,
      detail: `SQLite ${r.build.sqliteSeconds.toFixed(1)} s, copy ${r.build.copySeconds.toFixed(1)} s, VACUUM ANALYZE ${r.build.vacuumSeconds.toFixed(1)} s; ${r.build.ledgerRows} ledger rows, ${r.build.completions} completions${r.build.prewarm ? `; read into the file cache in ${r.build.prewarm.seconds.toFixed(1)} s` : ""}`,
    },
    ...readRows(r.http),
    ...(r.miniAppReads ? miniAppReadRows(r.miniAppReads) : []),
    httpRow("complete durable", "POST complete (synchronous_commit=on)", on, [`${percent(shareOf(on))} of pgbench -N`, target], "POST complete, durable (FULL / sync commit on)"),
    ...busierRows(r.http, "completeSyncOn", "POST complete (synchronous_commit=on)", (h) => [`${percent(shareOf(h))} of pgbench -N`]),
    {
      key: "pgbench",
      label: `pgbench -N (${r.pgbench.clients} clients, synchronous_commit=on)`,
      result: `${Math.round(r.pgbench.opsPerSecond)} tps`,
      detail: `p50 ${r.pgbench.p50Ms.toFixed(2)} ms, p99 ${r.pgbench.p99Ms.toFixed(2)} ms, CPU µs per transaction: PostgreSQL ${r.pgbench.postgresCpuUsPerOp.toFixed(0)}, pgbench ${r.pgbench.cpuUsPerOp.toFixed(0)}; scratch database of the same server, scale 1, as many clients as the server's pool held under wrk`,
    },
    waitRow("waits on", "pool during completions (on)", on),
    ...busierInFlight.map((n) => waitRow(`waits on ${n}`, `pool during completions (on, ${n} in flight)`, r.http[`completeSyncOn${n}`] as PgCompletion)),
    httpRow("complete relaxed", "POST complete (synchronous_commit=off)", off, [`${percent(off.okPerSecond / r.pgbench.opsPerSecond)} of pgbench -N (on)`], "POST complete, relaxed (NORMAL / sync commit off)"),
    waitRow("waits off", "pool during completions (off)", off),
    ...queryRows(r.queries, targets.queryP99Ms),
    ...broadcastRows(r.broadcast, targets.broadcast),
  ];
}
