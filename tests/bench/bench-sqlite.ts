// The SQLite side of `npm run bench`: the generated database in a file, the server on it at
// synchronous=FULL and then NORMAL, and what does not depend on the engine (the CLI's start-up,
// the web bundles), measured here once.
import { join } from "node:path";
import { buildWeb, webDist, webIsStale } from "@/server/build-web.ts";
import { openDb } from "@/db/sqlite/client.ts";
import { sqliteStore } from "@/db/sqlite/store/index.ts";
import { claimBatch } from "@/domain/broadcast.ts";
import { addBenchTasks, buildBenchDb } from "./build-db.ts";
import { usualInFlight } from "./figures.ts";
import { firstLoadJs } from "./measure.ts";
import { measureMiniAppReads, miniAppReadRows } from "./reads-headers.ts";
import { busierRows, httpRow, broadcastRows, queryRows, readRows, type Row } from "./report.ts";
import { completionP99Judged, readShareJudged } from "./targets.ts";
import { busierInFlight, busierVariants, measureServer, root, type BenchContext, type Measured, type Server, type ServerResults } from "./server-bench.ts";

export type SqliteResults = ServerResults & {
  engine: "sqlite";
  users: number;
  seconds: number;
  startedAt: string;
  build: ReturnType<typeof buildBenchDb>;
  bundles: Record<string, { gzipBytes: number } | undefined>;
  cli: Record<string, number | string>;
  /** The reads with the mini app's headers (reads-headers.ts); absent from runs saved before they were measured. */
  miniAppReads?: Record<string, Measured>;
};

export async function benchSqlite(ctx: BenchContext): Promise<SqliteResults> {
  const startedAt = new Date().toISOString();
  const dbPath = join(ctx.work, "bench.sqlite");
  ctx.log(`SQLite: building a database of ${ctx.users} users...`);
  const build = buildBenchDb(dbPath, ctx.users);
  const [fullTask, normalTask, warmUpTask, ...busierTasks] = addBenchTasks(dbPath, [
    "Bench task FULL",
    "Bench task NORMAL",
    "Bench task, warming up",
    ...busierInFlight.map((n) => `Bench task FULL, ${n} in flight`),
  ]);
  // Read the file through once, as a server that has been running would find it in the OS cache:
  // the figures are about the design, not about a disk warming up after a bulk build.
  for await (const _chunk of Bun.file(dbPath).stream());

  let cli: Record<string, number | string> = {};
  const durable = { key: "completeFull", label: "task completion, synchronous=FULL", taskId: fullTask! };
  const measured = await measureServer(ctx, {
    env: { DATABASE_PATH: dbPath },
    completions: [durable, { key: "completeNormal", label: "task completion, synchronous=NORMAL", taskId: normalTask!, env: { SQLITE_SYNCHRONOUS: "NORMAL" } }],
    busier: busierVariants(durable, busierTasks),
    warmUpTaskId: warmUpTask!,
    withServer: async (server) => void (cli = await timeCli(server)),
    claimBatch: async (limit) => {
      const db = openDb(dbPath);
      try {
        return (await claimBatch({ store: sqliteStore(db), clock: () => new Date() }, limit)).deliveries.length;
      } finally {
        db.sqlite.close();
      }
    },
  });

  const miniAppReads = await measureMiniAppReads(ctx, { DATABASE_PATH: dbPath });

  if (webIsStale()) buildWeb();
  const bundles = { app: firstLoadJs(webDist, "app"), admin: firstLoadJs(webDist, "admin") };
  return { engine: "sqlite", users: ctx.users, seconds: ctx.seconds, startedAt, build, ...measured, bundles, cli, miniAppReads };
}

/**
 * What the README tells people to run (`npx refbot`), and the linked binary that `npm link` puts
 * on the PATH (cli/bin.mjs itself), the fast path for cron; median of 5.
 */
async function timeCli(server: Server): Promise<Record<string, number | string>> {
  const cliBin = join(root, "cli", "bin.mjs");
  if (!(await Bun.file(join(root, "cli", "index.ts")).exists())) return { note: "cli/ not present" };
  const time = async (command: string[]) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const p = Bun.spawn(command, { cwd: root, env: { ...process.env, REFBOT_API_URL: server.url, REFBOT_TOKEN: server.token, NO_COLOR: "1" }, stdout: "ignore", stderr: "ignore" });
      await p.exited;
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[2]!;
  };
  return {
    "npx refbot --help ms": await time(["npx", "refbot", "--help"]),
    "npx refbot stats --json ms": await time(["npx", "refbot", "stats", "--json"]),
    "refbot (linked) --help ms": await time(["node", cliBin, "--help"]),
    "refbot (linked) stats --json ms": await time(["node", cliBin, "stats", "--json"]),
  };
}

export function sqliteRows(r: SqliteResults): Row[] {
  return [
    { key: "build", label: `database build (${r.users} users)`, result: `${r.build.seconds.toFixed(1)} s`, detail: `${r.build.ledgerRows} ledger rows, ${r.build.completions} completions` },
    ...readRows(r.http, readShareJudged),
    ...(r.miniAppReads ? miniAppReadRows(r.miniAppReads, readShareJudged) : []),
    httpRow("complete durable", "POST complete (sync FULL)", r.http.completeFull!, completionP99Judged(usualInFlight, r.http.completeFull!.p99ms), "POST complete, durable (FULL / sync commit on)"),
    ...busierRows(r.http, "completeFull", "POST complete (sync FULL)", (h, n) => completionP99Judged(n, h.p99ms)),
    httpRow("complete relaxed", "POST complete (sync NORMAL)", r.http.completeNormal!, [], "POST complete, relaxed (NORMAL / sync commit off)"),
    ...queryRows(r.queries),
    ...broadcastRows(r.broadcast),
    ...Object.entries(r.bundles).map(([name, b]) => ({ key: `${name} JS`, label: `${name} first-load JS`, result: b ? `${(b.gzipBytes / 1024).toFixed(1)} KB gzip` : "not built", detail: "" })),
    ...Object.entries(r.cli).map(([name, v]) => ({ key: name, label: name, result: typeof v === "number" ? `${v.toFixed(0)} ms` : v, detail: "median of 5" })),
  ];
}
