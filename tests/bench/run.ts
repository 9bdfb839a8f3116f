// `npm run bench [-- --users N] [-- --quick] [-- --engine sqlite|postgres|both] [-- --metrics]
// [-- --save] [-- --compare <file>]`: builds a database of N users, runs the real server on it, and
// measures it against a bare Bun.serve baseline in the same run (server-bench.ts). SQLite by
// default (bench-sqlite.ts); PostgreSQL copies the same generated database into a scratch
// database of the server PG_URL names and adds `pgbench -N` on that server as the ceiling
// (bench-postgres.ts); both runs the two one after the other and compares them. `--metrics`
// measures instead what the metrics cost the hot paths, with them on and off in the same run
// (metrics-cost.ts, SQLite). Prints a table per engine and writes the figures as JSON under
// bench-results/. `--save` also writes each engine's run to docs/bench/<engine>.json, which the
// docs' tables are rendered from (npm run docs:bench); `--compare <file>` (once per engine) runs
// the engine and size a saved run names again and sets the figures beside it (compare.ts),
// exiting 1 when a ratio came out more than 5 % worse.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { benchPostgres, postgresRows } from "./bench-postgres.ts";
import { benchSqlite, sqliteRows } from "./bench-sqlite.ts";
import { compareRuns, printCompared } from "./compare.ts";
import { benchMetricsCost, metricsCostRows } from "./metrics-cost.ts";
import { pgbenchPath } from "./pgbench.ts";
import { printComparison, printTable, type Row } from "./report.ts";
import { readRun, saveRun, startRun, type BenchEngine, type SavedRun } from "./saved-run.ts";
import { root } from "./server-bench.ts";
import { missingWrk } from "./wrk.ts";

const log = (line: string) => console.error(`[bench] ${line}`);
const stop = (line: string, code = 2): never => {
  log(line);
  process.exit(code);
};
const { values: args } = parseArgs({
  options: {
    users: { type: "string" },
    quick: { type: "boolean" },
    seconds: { type: "string" },
    engine: { type: "string" },
    metrics: { type: "boolean" },
    save: { type: "boolean" },
    compare: { type: "string", multiple: true },
  },
});
const engines = { sqlite: ["sqlite"], postgres: ["postgres"], both: ["sqlite", "postgres"] } as const;
if (args.engine !== undefined && !(args.engine in engines)) stop("--engine must be sqlite, postgres or both");

const compared = new Map<BenchEngine, { file: string; run: SavedRun }>();
for (const file of args.compare ?? []) {
  let run: SavedRun;
  try {
    run = readRun(file);
  } catch (error) {
    stop(`--compare ${file}: ${(error as Error).message}`);
    throw error;
  }
  if (compared.has(run.engine)) stop(`--compare names two ${run.engine} runs; give one per engine`);
  compared.set(run.engine, { file, run });
}
const chosen: readonly BenchEngine[] = compared.size ? [...compared.keys()] : engines[(args.engine ?? "sqlite") as keyof typeof engines];
if (compared.size && args.engine !== undefined && engines[args.engine as keyof typeof engines].join() !== chosen.join()) {
  stop(`--engine ${args.engine} is not what the --compare files hold (${chosen.join(", ")}): leave --engine out`);
}
/** The size: as asked, else the compared run's, else a million users (10 000 with --quick). */
const usersFor = (engine: BenchEngine) => Number(args.users ?? (args.quick ? 10_000 : (compared.get(engine)?.run.users ?? 1_000_000)));
const secondsFor = (engine: BenchEngine, users: number) => Number(args.seconds ?? (args.users || args.quick ? undefined : compared.get(engine)?.run.seconds) ?? (users <= 20_000 ? 3 : 10));

const noWrk = missingWrk();
if (noWrk) stop(noWrk, 1);
if (args.metrics && (args.engine ?? "sqlite") !== "sqlite") stop("--metrics compares the metrics on and off on SQLite only: leave --engine out");
if (args.metrics && (args.save || compared.size)) stop("--save and --compare are for the engines' runs: leave --metrics out");
if (!args.metrics && chosen.includes("postgres") && !existsSync(pgbenchPath)) {
  stop(`pgbench is not installed at ${pgbenchPath}; install it: apt-get install postgresql-client (or set PGBENCH)`, 1);
}

const command = `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim().replace(/ --$/, "");
const work = mkdtempSync(join(tmpdir(), "refbot-bench-"));
const tables: [name: string, rows: Row[]][] = [];
/** Writes a run's figures under bench-results/, named for what ran, how many users and when. */
function keep(kind: string, users: number, results: unknown): void {
  mkdirSync(join(root, "bench-results"), { recursive: true });
  const file = join(root, "bench-results", `bench-${kind}${users}-${new Date().toISOString().replaceAll(":", "-")}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`\nFigures written to ${file}`);
}
let flagged = 0;
try {
  if (args.metrics) {
    const users = usersFor("sqlite");
    const cost = await benchMetricsCost({ users, seconds: secondsFor("sqlite", users), work, log });
    printTable(`Metrics on and off, SQLite, ${users} users`, metricsCostRows(cost));
    keep("metrics-", users, cost);
  }
  for (const engine of args.metrics ? [] : chosen) {
    const users = usersFor(engine);
    const ctx = { users, seconds: secondsFor(engine, users), work, log };
    const started = startRun(command);
    const [name, results, rows] =
      engine === "sqlite"
        ? await benchSqlite(ctx).then((r) => ["SQLite", r, sqliteRows(r)] as const)
        : await benchPostgres(ctx).then((r) => ["PostgreSQL", r, postgresRows(r)] as const);
    const run = started.finish(results);
    printTable(`${name}, ${users} users`, rows);
    const load = run.machine.loadAverage;
    console.log(`\nLoad average over a minute: ${load.start[0]} as the ${name} run started, ${load.end[0]} as it ended (${run.machine.cores} cores)`);
    tables.push([name, rows]);
    // SQLite's file keeps the name it had before PostgreSQL was measured too.
    keep(engine === "sqlite" ? "" : `${engine}-`, users, results);
    if (args.save) console.log(`Saved to ${relative(root, saveRun(run))}; npm run docs:bench renders the docs' tables from it`);
    const against = compared.get(engine);
    if (against) {
      if (against.run.users !== users) console.log(`\nNote: the committed run had ${against.run.users} users, this one ${users}: the ratios depend on the size too`);
      flagged += printCompared(`${name}, this run against the committed one`, against.run, against.file, compareRuns(results, against.run.results));
    }
  }
  if (tables.length > 1) printComparison(tables);
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (flagged) process.exitCode = 1;
