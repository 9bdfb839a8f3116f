// The published tables, rendered from the committed runs (docs/bench/<engine>.json): SQLite's in
// the README's Performance section, PostgreSQL's in docs/scaling.md's Measured section, each
// between `<!-- bench:<engine> -->` and `<!-- /bench:<engine> -->`. `npm run docs:bench` writes
// them and tests/bench-tables.test.ts fails when a document differs from what this renders, so a
// figure in those tables is always the committed run's.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PostgresResults } from "./bench-postgres.ts";
import type { SqliteResults } from "./bench-sqlite.ts";
import { completions, decimals, engineNames, grouped, msText, percentText, readEndpoints, type Completion } from "./figures.ts";
import type { Latency } from "./measure.ts";
import { readRun, resultsFile, type BenchEngine, type SavedRun } from "./saved-run.ts";
import type { Measured } from "./server-bench.ts";
import { completionP99Judged, readShareJudged, targets } from "./targets.ts";

export const root = join(import.meta.dir, "..", "..");
/** Where each engine's table is published. */
export const documents: Record<BenchEngine, string> = { sqlite: "README.md", postgres: "docs/scaling.md" };

type Cells = [measure: string, result: string, detail: string];

const table = (rows: Cells[]) => ["| measure | result | detail |", "|---|---|---|", ...rows.map((cells) => `| ${cells.join(" | ")} |`)].join("\n");
const latencies = (h: Measured) => `p50 ${msText(h.p50ms)}, p99 ${msText(h.p99ms)}`;

/** The run itself: how it was started, its size, when, at which commit, the machine and its load. */
export function caption(run: SavedRun): string {
  const when = run.startedAt.replace("T", " ").replace(/:\d\d\.\d+Z$/, " UTC");
  const changed = run.uncommitted.length ? ` with ${run.uncommitted.length} tracked file${run.uncommitted.length > 1 ? "s" : ""} changed from it` : "";
  const load = run.machine.loadAverage;
  return (
    `\`${run.command}\`: ${grouped(run.users)} users, started ${when} at commit \`${run.commit.slice(0, 7)}\`${changed}, ` +
    `on ${run.machine.cores} cores (${run.machine.cpu}, ${decimals(run.machine.memoryGiB)} GiB); load average over a minute ${decimals(load.start[0]!)} as it started, ${decimals(load.end[0]!)} as it ended.`
  );
}

const queryGroups: [label: string, names: string[]][] = [
  ["admin stats / activity-stats daily / weekly", ["admin stats", "activity-stats daily", "activity-stats weekly"]],
  ["leaderboards earnings / referrals / activity (limit 5)", ["leaderboard earnings", "leaderboard referrals", "leaderboard activity"]],
  ["admin search by username / Telegram id / wallet", ["search username", "search tgId", "search wallet"]],
  ["own rank earnings / referrals / activity", ["own rank earnings", "own rank referrals", "own rank activity"]],
];

/** Queries three to a row as the README has always shown them; any other on a row of its own. */
function queryRows(queries: Record<string, Latency>, limitMs?: number): Cells[] {
  const inGroups = new Set(queryGroups.flatMap(([, names]) => names));
  const groups = [...queryGroups, ...Object.keys(queries).filter((name) => !inGroups.has(name)).map((name) => [name, [name]] as [string, string[]])];
  return groups.flatMap(([label, names]) => {
    const found = names.map((name) => queries[name]).filter((l): l is Latency => l !== undefined);
    if (!found.length) return [];
    const medians = found.map((l) => l.medianMs).sort((a, b) => a - b);
    const spread = decimals(medians[0]!) === decimals(medians.at(-1)!) ? msText(medians[0]!) : `${decimals(medians[0]!)}–${msText(medians.at(-1)!)}`;
    const met = limitMs === undefined ? "" : `; target < ${limitMs} ms: ${found.every((l) => l.p99Ms < limitMs) ? "met" : "MISSED"}`;
    return [[label, `p99 ${found.map((l) => decimals(l.p99Ms)).join(" / ")} ms`, `${found.length > 1 ? "medians" : "median"} ${spread}${met}`]];
  });
}

/** `judged`: what the endpoints' shares are held to, said beside them (SQLite's; PostgreSQL's are held to half of SQLite's, which its run does not hold). */
function readRows(r: SqliteResults | PostgresResults, judged?: (share: number) => string): Cells[] {
  const rows = (http: Record<string, Measured>, suffix: string): Cells[] => [
    [`bare Bun.serve (baseline)${suffix}`, `${grouped(http.baseline!.okPerSecond)} req/s`, latencies(http.baseline!)],
    ...readEndpoints.map(([key, label]): Cells => {
      const h = http[key]!;
      return [`${label}${suffix}`, `${grouped(h.okPerSecond)} req/s`, `${percentText(h.shareOfBaseline)} of baseline, ${latencies(h)}${judged ? `; ${judged(h.shareOfBaseline)}` : ""}`];
    }),
  ];
  // The reads again as the mini app sends them (init data, Accept-Encoding, its other headers), against a baseline of their own.
  const miniApp = "miniAppReads" in r && r.miniAppReads ? rows(r.miniAppReads, ", mini app's headers") : [];
  return [...rows(r.http, ""), ...miniApp];
}

const completionLabel = (c: Completion) => c.label.replace("POST complete", "POST /api/tasks/{id}/complete");

/**
 * Where the machine's CPU went per completion: the server, PostgreSQL's backends, and every other
 * process (this bench, and whatever else shared the machine), which tells a quiet run from a busy one.
 */
function cpuPerCompletion(c: Completion, engine: BenchEngine): string {
  if (!c.h.cpu) return "";
  const each = (us: number) => `${decimals(us / (c.h.requests - c.h.non2xx) / 1000)} ms`;
  // On SQLite the PostgreSQL server the tests use still counts its own background work there.
  const postgres = engine === "postgres" ? `, PostgreSQL ${each(c.h.cpu.postgres)}` : "";
  return `; CPU per completion: server ${each(c.h.cpu.server)}${postgres}, other processes ${each(c.h.cpu.other)}`;
}

export function sqliteTable(run: SavedRun<SqliteResults>): string {
  const r = run.results;
  const cli = (a: string, b: string) => {
    const [x, y] = [r.cli[a], r.cli[b]];
    return typeof x === "number" && typeof y === "number" ? `${grouped(x)} / ${grouped(y)} ms` : undefined;
  };
  const bundle = (b: { gzipBytes: number } | undefined) => (b ? `${(b.gzipBytes / 1024).toFixed(1)} KB gzip` : "not built");
  const rows: Cells[] = [
    ["database build", `${decimals(r.build.seconds)} s`, `${grouped(r.build.ledgerRows)} ledger rows, ${grouped(r.build.completions)} completions`],
    ...readRows(r, readShareJudged),
    ...completions(r).map((c): Cells => {
      const judged = c.key.startsWith(engineNames.sqlite.durable) ? completionP99Judged(c.inFlight, c.h.p99ms) : [];
      return [completionLabel(c), `${grouped(c.h.okPerSecond)} /s`, `${percentText(c.share)} of baseline, ${latencies(c.h)}${cpuPerCompletion(c, "sqlite")}${judged.map((j) => `; ${j}`).join("")}`];
    }),
    ...queryRows(r.queries),
    ["queue a broadcast to all users", `${decimals(r.broadcast.queueMs / 1000)} s`, `${grouped(r.broadcast.queued)} deliveries`],
    ["claim a batch after it", msText(r.broadcast.claimMs), `${r.broadcast.claimed} deliveries`],
    ["mini app first-load JS", bundle(r.bundles.app), "plus the user's language catalogue"],
    ["admin panel first-load JS", bundle(r.bundles.admin), "uPlot loads with the first chart"],
  ];
  const npx = cli("npx refbot --help ms", "npx refbot stats --json ms");
  const linked = cli("refbot (linked) --help ms", "refbot (linked) stats --json ms");
  if (npx) rows.push(["`npx refbot --help` / `stats --json`", npx, "as the README runs it; median of 5 (see [CLI](#cli))"]);
  if (linked) rows.push(["`refbot --help` / `stats --json`, linked (`cli/bin.mjs`)", linked, "the fast path for scripts and cron; median of 5"]);
  return `${caption(run)}\n\n${table(rows)}`;
}

/** Whether the run measured a database read into the file cache first (bench-postgres.ts). */
const prewarmText = (prewarm: PostgresResults["build"]["prewarm"]) =>
  prewarm === undefined ? "" : prewarm === null ? "; not read into the file cache (no pg_prewarm)" : `; then read into the file cache, ${grouped(prewarm.blocks)} blocks in ${decimals(prewarm.seconds)} s`;

export function postgresTable(run: SavedRun<PostgresResults>): string {
  const r = run.results;
  const s = r.postgres.settings;
  const runs = completions(r);
  const at32 = runs.find((c) => c.key === "completeSyncOn")!;
  const perCompletion = (c: Completion) => {
    const waits = (c.h as Measured & Partial<Pick<PostgresResults["http"]["completeSyncOn"], "waits">>).waits;
    const ok = c.h.requests - c.h.non2xx;
    return `${cpuPerCompletion(c, "postgres")}${waits ? `; ${decimals(ok / Math.max(1, waits.walFlushes))} completions per WAL flush` : ""}`;
  };
  const broadcastTarget = targets.broadcast;
  const perTarget = (r.broadcast.queueMs / 1000) * (broadcastTarget.deliveries / r.broadcast.queued);
  const rows: Cells[] = [
    [`\`pgbench -N\`, ${r.pgbench.clients} clients, same server, same run`, `${grouped(r.pgbench.opsPerSecond)} tps`, `p50 ${msText(r.pgbench.p50Ms)}, p99 ${msText(r.pgbench.p99Ms)}; PostgreSQL CPU per transaction ${decimals(r.pgbench.postgresCpuUsPerOp / 1000)} ms; the ceiling for a small write`],
    ...runs.map((c): Cells => [completionLabel(c), `${grouped(c.h.okPerSecond)} /s`, `${percentText(c.share)} of \`pgbench -N\`, ${latencies(c.h)}${perCompletion(c)}`]),
    [
      "completions at 32 in flight",
      `${percentText(at32.share)} of \`pgbench -N\``,
      `target ≥ ${percentText(targets.shareOfPgbench)}: ${at32.share >= targets.shareOfPgbench ? "met" : "MISSED"}`,
    ],
    ...readRows(r),
    ...queryRows(r.queries, targets.queryP99Ms),
    [
      `queue a broadcast to all users`,
      `${decimals(r.broadcast.queueMs / 1000)} s`,
      `${grouped(r.broadcast.queued)} deliveries; target < ${broadcastTarget.seconds} s for ${grouped(broadcastTarget.deliveries)}${r.broadcast.queued >= broadcastTarget.deliveries ? "" : ` (${decimals(perTarget)} s at this rate)`}: ${perTarget < broadcastTarget.seconds ? "met" : "MISSED"}`,
    ],
    ["claim a batch after it", msText(r.broadcast.claimMs), `${r.broadcast.claimed} deliveries`],
    [
      "database build",
      `${decimals(r.build.seconds)} s`,
      `SQLite ${decimals(r.build.sqliteSeconds)} s, copy ${decimals(r.build.copySeconds)} s, VACUUM ANALYZE ${decimals(r.build.vacuumSeconds)} s; ${grouped(r.build.ledgerRows)} ledger rows, ${grouped(r.build.completions)} completions${prewarmText(r.build.prewarm)}`,
    ],
  ];
  const server = `PostgreSQL ${r.postgres.version}: shared_buffers ${s.shared_buffers}, synchronous_commit ${s.synchronous_commit}, wal_sync_method ${s.wal_sync_method}, max_wal_size ${s.max_wal_size}; the server's pool ${r.postgres.pool}.`;
  return `${caption(run)} ${server}\n\n${table(rows)}`;
}

export function renderTable(run: SavedRun): string {
  return run.engine === "sqlite" ? sqliteTable(run as SavedRun<SqliteResults>) : postgresTable(run as SavedRun<PostgresResults>);
}

/** `doc` with what lies between the engine's two markers replaced by `body`; nothing else moves. */
export function withTable(doc: string, engine: BenchEngine, body: string): string {
  const [open, close] = [`<!-- bench:${engine} -->`, `<!-- /bench:${engine} -->`];
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start < 0 || end < start || doc.indexOf(open, start + 1) >= 0) throw new Error(`${documents[engine]} needs exactly one ${open} … ${close} pair, in that order`);
  return `${doc.slice(0, start + open.length)}\n\n${body}\n\n${doc.slice(end)}`;
}

/** Each document as it is and as the committed run renders it. */
export function renderDocuments(): { engine: BenchEngine; path: string; current: string; rendered: string }[] {
  return (Object.keys(documents) as BenchEngine[]).map((engine) => {
    const path = join(root, documents[engine]);
    const current = readFileSync(path, "utf8");
    return { engine, path, current, rendered: withTable(current, engine, renderTable(readRun(resultsFile(engine)))) };
  });
}
