// `bun run tests/bench/pg-completions.ts [--users N] [--seconds N] [--in-flight N] [--cpu-prof DIR]`: what task completions on
// PostgreSQL cost, and where, beside `pgbench -N`. The bench's database (build-db.ts, copied with
// copySqliteToPg and read into the file cache as the bench does) and the real server on it;
// completions measured under wrk as the bench does, first as the product is, then with one shared
// row after another taken out of a completion's way, in the scratch database only (the product's
// code is not touched):
//   1. as it is;
//   2. without the rank-count trigger on users updates (each completion appends a score move,
//      which the store adds into rank_counts every 200 ms: migration 0009);
//   3. and without the task's completion count (task_completion_counts, slotted), whose upsert a
//      BEFORE INSERT trigger returning no row turns into nothing;
//   4. and without today's daily_stats upserts (slotted), the same way.
// Each step samples what the pool's connections waited on, counts WAL flushes per completion and
// splits the machine's CPU between the server, PostgreSQL and wrk; pgbench -N with as many
// clients ends the run; EXPLAIN ANALYZE shows what the triggers cost one update of a user.
// Prints the figures; drops its databases at the end.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDb } from "@/db/sqlite/client.ts";
import { pgClient } from "@/db/pg/client.ts";
import { copySqliteToPg } from "@/db/pg/copy-from-sqlite.ts";
import { pgbenchCpu, prewarmDatabase } from "./bench-postgres.ts";
import { buildBenchDb } from "./build-db.ts";
import { summarize } from "./measure.ts";
import { openBenchServer } from "./pg-bench-db.ts";
import { sampleWaits } from "./pg-waits.ts";
import { pgbenchInit, pgbenchRun } from "./pgbench.ts";
import { cpuSplit, initData, sampleUsers, startServer } from "./server-bench.ts";
import { runWrk, writeScript } from "./wrk.ts";

const { values: args } = parseArgs({ options: { users: { type: "string" }, seconds: { type: "string" }, "in-flight": { type: "string" }, "cpu-prof": { type: "string" } } });
// `--cpu-prof DIR`: only the first step, with the server's CPU profile written to DIR (as Markdown too).
const profileDir = args["cpu-prof"];
const users = Number(args.users ?? 100_000);
const seconds = Number(args.seconds ?? 15);
/** `--in-flight N`: the requests wrk keeps open, 32 unless said (as in the bench's first completion run). */
const inFlight = Number(args["in-flight"] ?? 32);
const log = (line: string) => console.error(`[pg-completions] ${line}`);
const work = mkdtempSync(join(tmpdir(), "refbot-pg-completions-"));
const server = await openBenchServer();
process.on("SIGINT", () => void server.dropAll().finally(() => process.exit(130)));

const skipInserts = (table: string) => `create or replace function bench_skip_row() returns trigger language plpgsql as $$ begin return null; end $$;
  create trigger bench_skip_${table} before insert on ${table} for each row execute function bench_skip_row()`;
const steps: [name: string, change: string | undefined][] = [
  ["as it is", undefined],
  ["without the rank-count trigger", "alter table users disable trigger users_rank_counts_update"],
  ["and without task_completion_counts", skipInserts("task_completion_counts")],
  ["and without daily_stats", skipInserts("daily_stats")],
];

try {
  const target = await server.create("diag");
  const sqlitePath = join(work, "source.sqlite");
  log(`building ${users} users and copying them`);
  buildBenchDb(sqlitePath, users);
  const source = openDb(sqlitePath);
  await copySqliteToPg(source, target.url).finally(() => source.sqlite.close());
  const sql = pgClient(target.url, { max: 1 });
  await sql.unsafe("vacuum analyze");
  await prewarmDatabase(sql, log);
  const [{ pid }] = await sql`select pg_backend_pid() as pid`;
  const app = await startServer({ DATABASE_URL: target.url }, profileDir ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${profileDir}`] : []);
  const rows: string[][] = [["step", "completions/s", "p50 ms", "p99 ms", "per WAL flush", "CPU µs each: server / PostgreSQL / wrk / other", "machine busy", "largest waits of the pool (share of busy connection-samples)"]];
  let pool = 20;
  for (const [i, [name, change]] of (profileDir ? steps.slice(0, 1) : steps).entries()) {
    if (change) {
      // A step the schema no longer allows (its trigger gone from the product) is said, not run.
      const failed = await sql.unsafe(change).then(() => undefined, (error: Error) => error.message);
      if (failed) {
        rows.push([`${i + 1}. ${name}`, `not run: ${failed}`, "", "", "", "", "", ""]);
        continue;
      }
    }
    // A task nobody has done, and users who have not done it: every completion pays.
    const [task] = await sql`insert into tasks (kind, title, description, reward, is_active, completion_count, created_at)
      values ('daily_activity', ${`Diagnosis ${i + 1}`}, '', 100000, true, 0, now()) returning id`;
    await Bun.sleep(200); // the server's task list follows the change notice
    const script = writeScript(work, `step${i}`, { method: "POST", path: `/api/tasks/${task.id}/complete`, values: initData(sampleUsers(users, Math.min(users, 120_000), 10 + i)), once: true });
    await sql`checkpoint`;
    log(`step ${i + 1}: ${name}`);
    const sampler = await sampleWaits(target.url, { exclude: [pid] });
    const cpu = cpuSplit(app.pid, target.name);
    const w = await runWrk(app.url, script, { seconds, connections: inFlight });
    const used = cpu();
    const waits = await sampler.stop();
    pool = waits.poolConnections || pool;
    const ok = w.requests - w.non2xx;
    rows.push([
      `${i + 1}. ${name}`,
      (ok / w.seconds).toFixed(0),
      w.p50ms.toFixed(1),
      w.p99ms.toFixed(1),
      (ok / Math.max(1, waits.walFlushes)).toFixed(1),
      [used.server, used.postgres, used.wrk, used.other].map((us) => (us / ok).toFixed(0)).join(" / "),
      `${(used.busy * 100).toFixed(0)}%`,
      waits.waits.slice(0, 4).map((x) => `${(x.share * 100).toFixed(0)}% ${x.what}`).join("; "),
    ]);
    if (i === 0) {
      // What the rank-count trigger costs one update now, after the run's updates of its rows.
      // The same update on another user first, so the triggers' statements are planned already.
      const plan = await sql.begin(async (tx) => {
        await tx.unsafe("update users set tasks_completed = tasks_completed + 1, total_earned = total_earned + 100000 where id = 12344");
        const out = await tx.unsafe("explain (analyze, buffers, timing) update users set tasks_completed = tasks_completed + 1, total_earned = total_earned + 100000 where id = 12345");
        throw Object.assign(new Error("rollback"), { out });
      }).catch((e: { out?: { "QUERY PLAN": string }[] }) => e.out ?? []);
      console.log(`\nEXPLAIN ANALYZE of one completion's users update after step 1 (rolled back):\n${plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
      const stats = await sql`select relname, n_tup_upd::int as upd, n_tup_hot_upd::int as hot, n_live_tup::int as live, n_dead_tup::int as dead
        from pg_stat_user_tables where relname in ('rank_counts', 'task_completion_counts', 'daily_stats', 'counters', 'users') order by relname`;
      console.log(`\nTable statistics after step 1:\n${stats.map((r: Record<string, unknown>) => `  ${JSON.stringify(r)}`).join("\n")}`);
    }
  }
  await app.stop();
  const ceiling = await server.create("pgbench");
  pgbenchInit(ceiling.url);
  await sql`checkpoint`;
  const [pgb, postgresPerSecond] = await Promise.all([pgbenchRun(ceiling.url, pool, seconds).then((sample) => summarize([sample])), pgbenchCpu(ceiling.name, seconds)]);
  const cpu = `- / ${(postgresPerSecond / pgb.opsPerSecond).toFixed(0)} / - / ${pgb.cpuUsPerOp.toFixed(0)} (pgbench itself)`;
  rows.push([`pgbench -N, ${pool} clients`, pgb.opsPerSecond.toFixed(0), pgb.p50Ms.toFixed(1), pgb.p99Ms.toFixed(1), "", cpu, "", ""]);
  await sql.close();
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`\nCompletions on PostgreSQL, ${users} users, ${seconds} s per step\n`);
  for (const [n, r] of rows.entries()) {
    console.log(`| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`);
    if (n === 0) console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  }
} finally {
  await server.dropAll();
  rmSync(work, { recursive: true, force: true });
}
