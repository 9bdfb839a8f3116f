// `npm run bench:pg-driver [-- --seconds N] [-- --users N] [-- --concurrency 1,8,32]`: Bun's SQL
// client against postgres.js, bare and under drizzle, reading a user and writing task completions
// at several concurrencies, beside `pgbench -N` on the same server in the same run, and what each
// driver does with LISTEN/NOTIFY, errors, int8 and prepared statements. Prints the figures, writes
// them as JSON under bench-results/, and drops its databases at the end, also on Ctrl-C.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { migratePg, pgClient } from "@/db/pg/client.ts";
import { closedLoop, summarize, type Sample, type Throughput } from "./measure.ts";
import { firstTgId, loadRefbotData, openBenchServer, serverUrl } from "./pg-bench-db.ts";
import { checkDrivers, type DriverChecks } from "./pg-driver-checks.ts";
import { variants, type Completion } from "./pg-driver-ops.ts";
import { pgbenchInit, pgbenchPath, pgbenchRun } from "./pgbench.ts";

const log = (line: string) => console.error(`[bench:pg-driver] ${line}`);
const { values: args } = parseArgs({ options: { seconds: { type: "string" }, users: { type: "string" }, concurrency: { type: "string" } } });
const seconds = Number(args.seconds ?? 3);
const users = Number(args.users ?? 100_000);
const levels = (args.concurrency ?? "1,8,32").split(",").map(Number);
if (![seconds, users, ...levels].every((n) => Number.isInteger(n) && n > 0)) {
  log("--seconds, --users and each --concurrency level must be positive whole numbers");
  process.exit(2);
}
if (!existsSync(pgbenchPath)) {
  log(`pgbench is not installed at ${pgbenchPath}; install it: apt-get install postgresql-client (or set PGBENCH)`);
  process.exit(1);
}

type Row = Throughput & { driver: string; op: "read user" | "complete task"; concurrency: number };
const root = join(import.meta.dir, "..", "..");
const version = (pkg: string) => (JSON.parse(readFileSync(join(root, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;

const server = await openBenchServer().catch((error: Error & { code?: string }) => {
  log(`PostgreSQL at ${new URL(serverUrl).host} is unreachable (${error.code ?? error.message}); start it or set PG_URL`);
  process.exit(1);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log(`${signal}: dropping the bench databases`);
    void server.dropAll().finally(() => process.exit(130));
  });
}

const startedAt = new Date().toISOString();
const loadBefore = loadavg();
try {
  const refbot = await server.create("refbot");
  await migratePg(refbot.url);
  const setup = pgClient(refbot.url, { max: 1 });
  log(`loading ${users} users`);
  const load = await loadRefbotData(setup, users);
  const scratch = await server.create("pgbench");
  pgbenchInit(scratch.url);
  log("checking what each driver supports");
  const checks = await checkDrivers(refbot.url);

  // Every completion is a fresh (user, day), so each one pays and writes everything a real one does.
  let issued = 0;
  const dayKey = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  const nextCompletion = (): Completion => {
    const lap = Math.floor(issued / users);
    const userId = (issued++ % users) + 1;
    return { userId, taskId: load.taskId, reward: load.reward, day: dayKey(lap), yesterday: dayKey(lap - 1), at: new Date() };
  };
  const randomTgId = () => firstTgId + 1 + Math.floor(Math.random() * users);

  const rows: Row[] = [];
  const names = Object.keys(variants);
  // The variants of one level take two turns of half the time each, in one order and then in the
  // reverse one, so a machine that slows or speeds up steadily (other work, the disk) weighs on
  // all of them alike. Each turn opens its own pool: four pools of 32 would take nearly every
  // connection the server allows, from the tests of anyone sharing it too.
  const measure = async (op: Row["op"], concurrency: number) => {
    log(`${op}, ${concurrency} in flight: ${names.join(", ")}`);
    const samples: Sample[][] = names.map(() => []);
    const forward = names.map((_, i) => i);
    for (const order of [forward, [...forward].reverse()]) {
      // A checkpoint now and then is one no measurement pays for, and keeps a timed one away.
      if (op === "complete task") await setup`checkpoint`;
      for (const i of order) {
        const variant = variants[names[i]!]!(refbot.url, concurrency);
        const call = op === "read user" ? () => variant.read(randomTgId()) : () => variant.complete(nextCompletion());
        try {
          samples[i]!.push(await closedLoop(concurrency, 300, (seconds * 1000) / 2, call));
        } finally {
          await variant.close();
        }
      }
    }
    names.forEach((driver, i) => rows.push({ driver, op, concurrency, ...summarize(samples[i]!) }));
  };
  for (const concurrency of levels) await measure("read user", concurrency);
  for (const concurrency of levels) {
    await measure("complete task", concurrency);
    await setup`checkpoint`;
    log(`pgbench -N, ${concurrency} clients`);
    rows.push({ driver: "pgbench -N", op: "complete task", concurrency, ...summarize([await pgbenchRun(scratch.url, concurrency, seconds)]) });
  }

  // Every completion the loops started must have committed, warm-ups included.
  const [task] = await setup`select completion_count from tasks where id = ${load.taskId}`;
  if (Number(task.completion_count) !== issued) throw new Error(`${issued} completions issued, but the task counts ${task.completion_count}`);
  const [{ server_version: serverVersion }] = await setup`select current_setting('server_version') as server_version`;
  await setup.close();

  const results = {
    startedAt,
    machine: { cores: cpus().length, cpu: cpus()[0]?.model, loadAverage: { before: loadBefore, after: loadavg() }, postgres: serverVersion, bun: Bun.version, "postgres.js": version("postgres"), "drizzle-orm": version("drizzle-orm") },
    settings: { seconds, users, levels, loadSeconds: load.seconds, completions: issued },
    rows,
    checks,
  };
  report(rows, checks);
  mkdirSync(join(root, "bench-results"), { recursive: true });
  const file = join(root, "bench-results", `pg-driver-${startedAt.replaceAll(":", "-")}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`\nFigures written to ${file}`);
} finally {
  await server.dropAll();
}

function report(rows: Row[], checks: Record<string, DriverChecks>) {
  const ceiling = (c: number) => rows.find((r) => r.driver === "pgbench -N" && r.concurrency === c)?.opsPerSecond;
  const table = [["driver", "op", "in flight", "ops/s", "p50 ms", "p99 ms", "client CPU µs/op", "of pgbench -N"]];
  for (const op of ["read user", "complete task"]) {
    for (const r of rows.filter((x) => x.op === op).sort((a, b) => a.concurrency - b.concurrency)) {
      const share = op === "complete task" && r.driver !== "pgbench -N" ? `${((r.opsPerSecond / ceiling(r.concurrency)!) * 100).toFixed(0)}%` : "";
      table.push([r.driver, op, String(r.concurrency), r.opsPerSecond.toFixed(0), r.p50Ms.toFixed(2), r.p99Ms.toFixed(2), r.cpuUsPerOp.toFixed(0), share]);
    }
  }
  print(table);
  const drivers = Object.keys(checks);
  print([["check", ...drivers], ...Object.keys(checks[drivers[0]!]!).map((name) => [name, ...drivers.map((d) => checks[d]![name] ?? "")])]);
}

function print(table: string[][]) {
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${line(table[0]!)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of table.slice(1)) console.log(line(row));
}
