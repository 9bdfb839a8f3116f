// `npm run bench [-- --users N] [-- --quick] [-- --engine sqlite|postgres|both] [-- --metrics]`: builds a
// database of N users, runs the real server on it, and measures it against a bare Bun.serve
// baseline in the same run (server-bench.ts). SQLite by default (bench-sqlite.ts); PostgreSQL
// copies the same generated database into a scratch database of the server PG_URL names and adds
// `pgbench -N` on that server as the ceiling (bench-postgres.ts); both runs the two one after the
// other and compares them. `--metrics` measures instead what the metrics cost the hot paths, with
// them on and off in the same run (metrics-cost.ts, SQLite). Prints a table per engine and writes
// the figures as JSON under bench-results/.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchPostgres, postgresRows } from "./bench-postgres.ts";
import { benchSqlite, sqliteRows } from "./bench-sqlite.ts";
import { benchMetricsCost, metricsCostRows } from "./metrics-cost.ts";
import { pgbenchPath } from "./pgbench.ts";
import { printComparison, printTable, type Row } from "./report.ts";
import { root } from "./server-bench.ts";
import { missingWrk } from "./wrk.ts";

const log = (line: string) => console.error(`[bench] ${line}`);
const { values: args } = parseArgs({
  options: { users: { type: "string" }, quick: { type: "boolean" }, seconds: { type: "string" }, engine: { type: "string" }, metrics: { type: "boolean" } },
});
const engines = { sqlite: ["sqlite"], postgres: ["postgres"], both: ["sqlite", "postgres"] } as const;
const engineArg = (args.engine ?? "sqlite") as keyof typeof engines;
if (!(engineArg in engines)) {
  log("--engine must be sqlite, postgres or both");
  process.exit(2);
}
const users = Number(args.users ?? (args.quick ? 10_000 : 1_000_000));
const seconds = Number(args.seconds ?? (users <= 20_000 ? 3 : 10));

const noWrk = missingWrk();
if (noWrk) {
  log(noWrk);
  process.exit(1);
}
if (args.metrics && engineArg !== "sqlite") {
  log("--metrics compares the metrics on and off on SQLite only: leave --engine out");
  process.exit(2);
}
if (engineArg !== "sqlite" && !existsSync(pgbenchPath)) {
  log(`pgbench is not installed at ${pgbenchPath}; install it: apt-get install postgresql-client (or set PGBENCH)`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "refbot-bench-"));
const ctx = { users, seconds, work, log };
const tables: [name: string, rows: Row[]][] = [];
/** Writes a run's figures under bench-results/, named for what ran, how many users and when. */
function keep(kind: string, results: unknown): void {
  mkdirSync(join(root, "bench-results"), { recursive: true });
  const file = join(root, "bench-results", `bench-${kind}${users}-${new Date().toISOString().replaceAll(":", "-")}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`\nFigures written to ${file}`);
}
try {
  if (args.metrics) {
    const cost = await benchMetricsCost(ctx);
    printTable(`Metrics on and off, SQLite, ${users} users`, metricsCostRows(cost));
    keep("metrics-", cost);
  }
  for (const engine of args.metrics ? [] : engines[engineArg]) {
    const [name, results, rows] =
      engine === "sqlite"
        ? await benchSqlite(ctx).then((r) => ["SQLite", r, sqliteRows(r)] as const)
        : await benchPostgres(ctx).then((r) => ["PostgreSQL", r, postgresRows(r)] as const);
    printTable(`${name}, ${users} users`, rows);
    tables.push([name, rows]);
    // SQLite's file keeps the name it had before PostgreSQL was measured too.
    keep(engine === "sqlite" ? "" : `${engine}-`, results);
  }
  if (tables.length > 1) printComparison(tables);
} finally {
  rmSync(work, { recursive: true, force: true });
}
