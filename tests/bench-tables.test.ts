// The published bench figures cannot go stale: the README's and docs/scaling.md's tables must be
// what the committed runs (docs/bench/*.json) render today, and the rendering and the comparison
// behind `npm run bench -- --compare` are checked on small hand-made runs. Nothing is measured.
import { describe, expect, test } from "bun:test";
import type { PostgresResults } from "@/tests/bench/bench-postgres.ts";
import type { SqliteResults } from "@/tests/bench/bench-sqlite.ts";
import { compareRuns } from "@/tests/bench/compare.ts";
import type { SavedRun } from "@/tests/bench/saved-run.ts";
import type { Measured } from "@/tests/bench/server-bench.ts";
import { postgresTable, renderDocuments, sqliteTable, withTable } from "@/tests/bench/tables.ts";

const between = (doc: string, engine: string) => doc.slice(doc.indexOf(`<!-- bench:${engine} -->`), doc.indexOf(`<!-- /bench:${engine} -->`));

test("the README's and docs/scaling.md's bench tables are what the committed runs render (npm run docs:bench)", () => {
  for (const doc of renderDocuments()) {
    expect({ file: doc.path, table: between(doc.current, doc.engine) }).toEqual({ file: doc.path, table: between(doc.rendered, doc.engine) });
    expect(doc.current).toBe(doc.rendered);
  }
});

const http = (okPerSecond: number, shareOfBaseline: number, p50ms: number, p99ms: number, more: Partial<Measured> = {}): Measured => ({
  requests: okPerSecond * 10,
  seconds: 10,
  rps: okPerSecond,
  p50ms,
  p99ms,
  non2xx: 0,
  errors: 0,
  okPerSecond,
  shareOfBaseline,
  ...more,
});
const latency = (medianMs: number, p99Ms: number) => ({ medianMs, p99Ms, runs: 200 });
const queries = {
  "admin stats": latency(0.5, 4.6),
  "activity-stats daily": latency(0.6, 3.8),
  "activity-stats weekly": latency(0.55, 4.9),
  "export users": latency(12.5, 140),
};
const broadcast = { queued: 1000, queueMs: 2500, claimed: 28, claimMs: 2.9 };
const header = {
  users: 1000,
  seconds: 10,
  startedAt: "2026-11-27T20:00:05.123Z",
  finishedAt: "2026-11-27T20:10:00.000Z",
  commit: "0123456789abcdef0123456789abcdef01234567",
  command: "npm run bench -- --save",
  machine: { cores: 2, cpu: "Some CPU", memoryGiB: 7.75, loadAverage: { start: [0.52, 0.4, 0.3], end: [2.1, 1, 0.5] } },
};

const sqliteRun = (meShare = 0.46): SavedRun<SqliteResults> => ({
  ...header,
  engine: "sqlite",
  uncommitted: [],
  results: {
    engine: "sqlite",
    users: 1000,
    seconds: 10,
    startedAt: header.startedAt,
    build: { path: "x", users: 1000, ledgerRows: 13_162, completions: 12_777, withdrawals: 10, seconds: 94.04 },
    http: {
      baseline: http(101_166.4, 1, 0.21, 0.79),
      me: http(42_889, meShare, 0.67, 4.574),
      tasks: http(40_904, 0.6, 0.72, 2.52),
      completeFull: http(3123, 0.0309, 7.1, 119.4, { cpu: { server: 31_230 * 250, postgres: 5, wrk: 10, other: 31_230 * 1000, busy: 0.9 } }),
      completeFull64: http(4100, 0.0405, 12, 49.9),
      completeFull128: http(5000, 0.05, 20, 60),
      completeNormal: http(4367, 0.0432, 5.5, 131),
    },
    queries,
    broadcast,
    bundles: { app: { gzipBytes: 35_430 }, admin: undefined },
    cli: { "npx refbot --help ms": 613.2, "npx refbot stats --json ms": 624, "refbot (linked) --help ms": 124, "refbot (linked) stats --json ms": 128 },
  },
});

describe("rendering a saved run", () => {
  test("SQLite: the README's table, each figure formatted, the targets judged and the run described above it", () => {
    expect(sqliteTable(sqliteRun())).toBe(
      [
        "`npm run bench -- --save`: 1 000 users, started 2026-11-27 20:00 UTC at commit `0123456`, on 2 cores (Some CPU, 7.75 GiB); load average over a minute 0.52 as it started, 2.10 as it ended.",
        "",
        "| measure | result | detail |",
        "|---|---|---|",
        "| database build | 94.0 s | 13 162 ledger rows, 12 777 completions |",
        "| bare Bun.serve (baseline) | 101 166 req/s | p50 0.21 ms, p99 0.79 ms |",
        "| GET /api/me | 42 889 req/s | 46 % of baseline, p50 0.67 ms, p99 4.57 ms; target ≥ 60 %: MISSED at 46.0 % |",
        "| GET /api/tasks/active | 40 904 req/s | 60 % of baseline, p50 0.72 ms, p99 2.52 ms; target ≥ 60 %: met |",
        "| POST /api/tasks/{id}/complete, synchronous=FULL, 32 in flight | 3 123 /s | 3.1 % of baseline, p50 7.10 ms, p99 119 ms; CPU per completion: server 0.25 ms, other processes 1.00 ms; target p99 < 50 ms: MISSED |",
        "| POST /api/tasks/{id}/complete, synchronous=FULL, 64 in flight | 4 100 /s | 4.0 % of baseline, p50 12.0 ms, p99 49.9 ms; target p99 < 50 ms: met |",
        "| POST /api/tasks/{id}/complete, synchronous=FULL, 128 in flight | 5 000 /s | 5.0 % of baseline, p50 20.0 ms, p99 60.0 ms |",
        "| POST /api/tasks/{id}/complete, synchronous=NORMAL, 32 in flight | 4 367 /s | 4.3 % of baseline, p50 5.50 ms, p99 131 ms |",
        "| admin stats / activity-stats daily / weekly | p99 4.60 / 3.80 / 4.90 ms | medians 0.50–0.60 ms |",
        "| export users | p99 140 ms | median 12.5 ms |",
        "| queue a broadcast to all users | 2.50 s | 1 000 deliveries |",
        "| claim a batch after it | 2.90 ms | 28 deliveries |",
        "| mini app first-load JS | 34.6 KB gzip | plus the user's language catalogue |",
        "| admin panel first-load JS | not built | uPlot loads with the first chart |",
        "| `npx refbot --help` / `stats --json` | 613 / 624 ms | as the README runs it; median of 5 (see [CLI](#cli)) |",
        "| `refbot --help` / `stats --json`, linked (`cli/bin.mjs`) | 124 / 128 ms | the fast path for scripts and cron; median of 5 |",
      ].join("\n"),
    );
  });

  test("PostgreSQL: completions as a share of pgbench -N, with their CPU and batches, and the targets judged", () => {
    // CPU in µs over the run's ten seconds, given per completion in ms.
    const cpu = (rate: number, server: number, postgres: number) => ({ cpu: { server: server * 1000 * rate * 10, postgres: postgres * 1000 * rate * 10, wrk: 0, other: 0, busy: 0.8 } });
    const waits = (walFlushes: number) => ({ waits: { samples: 1, poolConnections: 20, meanBusy: 2, waits: [], commits: 1, walFlushes, walBytes: 1, walFullPageImages: 0 } });
    const run: SavedRun<PostgresResults> = {
      ...header,
      engine: "postgres",
      uncommitted: ["db/pg/store/tasks.ts"],
      results: {
        engine: "postgres",
        users: 1000,
        seconds: 10,
        startedAt: header.startedAt,
        build: { path: "x", users: 1000, ledgerRows: 13_162, completions: 12_777, withdrawals: 10, seconds: 200, sqliteSeconds: 90, copySeconds: 100, vacuumSeconds: 10, tables: [], prewarm: { blocks: 512_723, seconds: 10.2 } },
        postgres: { version: "15.20", pool: 20, settings: { shared_buffers: "128MB", synchronous_commit: "on", wal_sync_method: "fdatasync", max_wal_size: "1GB" } },
        pgbench: { ops: 64_590, seconds: 10, opsPerSecond: 6459, p50Ms: 3, p99Ms: 6.7, cpuUsPerOp: 50, turnOpsPerSecond: [6459], clients: 20, postgresCpuUsPerOp: 150 },
        http: {
          baseline: http(101_000, 1, 0.21, 0.79),
          me: http(23_639, 0.234, 1, 5.4),
          tasks: http(8130, 0.0805, 3, 8.8),
          completeSyncOn: { ...http(3000, 0.03, 11.6, 29), ...cpu(3000, 0.2, 0.33), ...waits(3600) },
          completeSyncOn64: { ...http(4781, 0.05, 25, 55), ...cpu(4781, 0.11, 0.22), ...waits(1000) },
          completeSyncOff: { ...http(2950, 0.03, 10, 30), ...cpu(2950, 0.2, 0.3), ...waits(118) },
        },
        queries: { "leaderboard earnings": latency(3, 7.2), "leaderboard referrals": latency(3.5, 9.8), "leaderboard activity": latency(4, 22.2) },
        broadcast,
      },
    };
    expect(postgresTable(run)).toBe(
      [
        "`npm run bench -- --save`: 1 000 users, started 2026-11-27 20:00 UTC at commit `0123456` with 1 tracked file changed from it, on 2 cores (Some CPU, 7.75 GiB); load average over a minute 0.52 as it started, 2.10 as it ended. PostgreSQL 15.20: shared_buffers 128MB, synchronous_commit on, wal_sync_method fdatasync, max_wal_size 1GB; the server's pool 20.",
        "",
        "| measure | result | detail |",
        "|---|---|---|",
        "| `pgbench -N`, 20 clients, same server, same run | 6 459 tps | p50 3.00 ms, p99 6.70 ms; PostgreSQL CPU per transaction 0.15 ms; the ceiling for a small write |",
        "| POST /api/tasks/{id}/complete, synchronous_commit=on, 32 in flight | 3 000 /s | 46 % of `pgbench -N`, p50 11.6 ms, p99 29.0 ms; CPU per completion: server 0.20 ms, PostgreSQL 0.33 ms, other processes 0.00 ms; 8.33 completions per WAL flush |",
        "| POST /api/tasks/{id}/complete, synchronous_commit=on, 64 in flight | 4 781 /s | 74 % of `pgbench -N`, p50 25.0 ms, p99 55.0 ms; CPU per completion: server 0.11 ms, PostgreSQL 0.22 ms, other processes 0.00 ms; 47.8 completions per WAL flush |",
        "| POST /api/tasks/{id}/complete, synchronous_commit=off, 32 in flight | 2 950 /s | 46 % of `pgbench -N`, p50 10.0 ms, p99 30.0 ms; CPU per completion: server 0.20 ms, PostgreSQL 0.30 ms, other processes 0.00 ms; 250 completions per WAL flush |",
        "| completions at 32 in flight | 46 % of `pgbench -N` | target ≥ 50 %: MISSED |",
        "| bare Bun.serve (baseline) | 101 000 req/s | p50 0.21 ms, p99 0.79 ms |",
        "| GET /api/me | 23 639 req/s | 23 % of baseline, p50 1.00 ms, p99 5.40 ms |",
        "| GET /api/tasks/active | 8 130 req/s | 8.1 % of baseline, p50 3.00 ms, p99 8.80 ms |",
        "| leaderboards earnings / referrals / activity (limit 5) | p99 7.20 / 9.80 / 22.2 ms | medians 3.00–4.00 ms; target < 20 ms: MISSED |",
        "| queue a broadcast to all users | 2.50 s | 1 000 deliveries; target < 5 s for 1 000 000 (2 500 s at this rate): MISSED |",
        "| claim a batch after it | 2.90 ms | 28 deliveries |",
        "| database build | 200 s | SQLite 90.0 s, copy 100 s, VACUUM ANALYZE 10.0 s; 13 162 ledger rows, 12 777 completions; then read into the file cache, 512 723 blocks in 10.2 s |",
      ].join("\n"),
    );
  });

  test("only what lies between the engine's markers is rewritten, and a document without them is refused", () => {
    const doc = "# Title\n\nProse.\n\n<!-- bench:sqlite -->\nold table\n<!-- /bench:sqlite -->\n\nMore prose.\n";
    expect(withTable(doc, "sqlite", "new table")).toBe("# Title\n\nProse.\n\n<!-- bench:sqlite -->\n\nnew table\n\n<!-- /bench:sqlite -->\n\nMore prose.\n");
    expect(() => withTable(doc, "postgres", "new table")).toThrow("docs/scaling.md needs exactly one <!-- bench:postgres -->");
    expect(() => withTable(`${doc}${doc}`, "sqlite", "x")).toThrow("exactly one");
  });
});

describe("--compare", () => {
  test("a ratio more than 5 % worse than committed is flagged; rates and p99s are shown, never flagged", () => {
    const committed = sqliteRun(0.46).results;
    const slower = { ...sqliteRun(0.43).results };
    slower.http = { ...slower.http, baseline: http(50_000, 1, 0.4, 3) };
    const rows = compareRuns(slower, committed);
    const row = (key: string) => rows.find((r) => r.key === key)!;
    expect(row("me share")).toMatchObject({ value: 0.43, committed: 0.46, flagged: true });
    expect(row("me share").worse).toBeCloseTo(0.0652, 3);
    expect(row("tasks share")).toMatchObject({ committed: 0.6, worse: 0, flagged: false });
    expect(row("baseline rate")).toMatchObject({ committed: 101_166.4, flagged: false });
    expect(row("baseline p99").worse).toBeCloseTo(3 / 0.79 - 1, 5);
    expect(rows.filter((r) => r.flagged).map((r) => r.key)).toEqual(["me share"]);
    expect(compareRuns(sqliteRun(0.44).results, committed).filter((r) => r.flagged)).toEqual([]);
  });

  test("on PostgreSQL a completion is judged by its share of pgbench -N, and a figure the committed run lacks is new", () => {
    const pg = (rate: number, pgbench: number) =>
      ({
        engine: "postgres",
        http: { baseline: http(100_000, 1, 0.2, 0.8), me: http(20_000, 0.2, 1, 5), tasks: http(10_000, 0.1, 1, 5), completeSyncOn: http(rate, rate / 100_000, 10, 30) },
        pgbench: { opsPerSecond: pgbench, p99Ms: 7, clients: 20 },
        queries: {},
        broadcast,
      }) as unknown as PostgresResults;
    const rows = compareRuns(pg(3000, 5000), pg(3000, 6000));
    // The same rate against a faster pgbench is a larger share: the committed 50 %, now 60 %.
    expect(rows.find((r) => r.key === "completeSyncOn share")).toMatchObject({ value: 0.6, committed: 0.5, flagged: false });
    expect(compareRuns(pg(3000, 6000), pg(3000, 5000)).find((r) => r.key === "completeSyncOn share")).toMatchObject({ flagged: true });
    const withBusier = pg(3000, 5000);
    withBusier.http.completeSyncOn64 = http(4000, 0.04, 20, 50);
    const added = compareRuns(withBusier, pg(3000, 5000)).find((r) => r.key === "completeSyncOn64 share")!;
    expect(added).toMatchObject({ value: 0.8, flagged: false });
    expect(added.committed).toBeUndefined();
  });
});
