// `npm run bench [-- --users N] [-- --quick]`: builds a database of N users, runs the real
// server on it, and measures it against a bare Bun.serve baseline in the same run. Prints one
// table and writes the figures as JSON under bench-results/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { demoInitDataToken } from "@/api/http/app.ts";
import { claimBatch } from "@/domain/broadcast.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { openDb } from "@/db/client.ts";
import { sqliteStore } from "@/db/store/index.ts";
import { buildWeb, webDist, webIsStale } from "@/api/build-web.ts";
import { freePort } from "@/tests/support/server.ts";
import { buildBenchDb, random } from "./build-db.ts";
import { firstLoadJs, latency, type Latency } from "./measure.ts";
import { missingWrk, runWrk, writeScript, type WrkResult } from "./wrk.ts";

const noWrk = missingWrk();
if (noWrk) {
  console.error(`[bench] ${noWrk}`);
  process.exit(1);
}

const { values: args } = parseArgs({ options: { users: { type: "string" }, quick: { type: "boolean" }, seconds: { type: "string" } } });
const users = Number(args.users ?? (args.quick ? 10_000 : 1_000_000));
const seconds = Number(args.seconds ?? (users <= 20_000 ? 3 : 10));
const readRounds = 3;
const root = join(import.meta.dir, "..", "..");
const work = mkdtempSync(join(tmpdir(), "refbot-bench-"));
const dbPath = join(work, "bench.sqlite");
const jwtSecret = "bench-secret-bench-secret-bench-secret-00";
const admin = { email: "bench@refbot.local", password: "bench password 123" };
const key = initDataKey(demoInitDataToken(jwtSecret));
const log = (line: string) => console.error(`[bench] ${line}`);

/** `count` distinct user ids (all of them when there are fewer), in a random order. */
function sampleUsers(count: number, seed: number): number[] {
  const rand = random(seed);
  const out = new Set<number>();
  while (out.size < Math.min(count, users)) out.add(1 + Math.floor(rand() * users));
  return [...out];
}
/** Init data carrying the same profile the database holds, as Telegram would send it. */
const initData = (ids: number[]) =>
  ids.map((id) =>
    signInitData({ user: { id: 10_000_000 + id, first_name: `User ${id}`, ...(id % 9 !== 0 && { username: `user${id}` }) }, authDate: Math.floor(Date.now() / 1000) }, key),
  );

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const proc = Bun.spawn([process.execPath, "run", join(root, "api/main.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_PATH: dbPath, JWT_SECRET: jwtSecret, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SEED_DEMO: "false", SKIP_WEB_BUILD: "true", BOT_TOKEN: "", BROADCAST_INTERVAL: "0", ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 600 || proc.exitCode !== null) throw new Error("server did not start");
    await Bun.sleep(100);
  }
  const token = ((await (await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) })).json()) as { token: string }).token;
  return { url, token, stop: async () => (proc.kill("SIGTERM"), await proc.exited) };
}

async function main() {
  const results: Record<string, unknown> = { users, seconds, startedAt: new Date().toISOString() };
  log(`building a database of ${users} users...`);
  const build = buildBenchDb(dbPath, users);
  results.build = build;
  // Fresh daily tasks nobody has done yet, so every completion in the load test pays.
  const db = openDb(dbPath);
  db.sqlite.run(`insert into tasks (kind, title, description, reward, is_active, completion_count, created_at) values
    ('daily_activity', 'Bench task FULL', '', 100000, 1, 0, ${Date.now()}), ('daily_activity', 'Bench task NORMAL', '', 100000, 1, 0, ${Date.now()})`);
  const [fullTask, normalTask] = (db.sqlite.query("select id from tasks order by id desc limit 2").all() as { id: number }[]).map((r) => r.id).reverse();
  db.sqlite.close();

  // Read the file through once, as a server that has been running would find it in the OS cache:
  // the figures are about the design, not about a disk warming up after a bulk build.
  for await (const _chunk of Bun.file(dbPath).stream());
  const readers = initData(sampleUsers(20_000, 1));
  const completersFull = initData(sampleUsers(Math.min(users, 120_000), 2));
  const completersNormal = initData(sampleUsers(Math.min(users, 120_000), 3));
  const scripts = {
    // The baseline gets the very requests /api/me gets, so both cost the load generator the same.
    baseline: writeScript(work, "baseline", { path: "/", values: readers }),
    me: writeScript(work, "me", { path: "/api/me", values: readers }),
    tasks: writeScript(work, "tasks", { path: "/api/tasks/active", values: readers }),
    completeFull: writeScript(work, "complete-full", { method: "POST", path: `/api/tasks/${fullTask}/complete`, values: completersFull, once: true }),
    completeNormal: writeScript(work, "complete-normal", { method: "POST", path: `/api/tasks/${normalTask}/complete`, values: completersNormal, once: true }),
  };

  const basePort = await freePort();
  const base = Bun.spawn([process.execPath, join(import.meta.dir, "baseline-server.ts"), String(basePort)], { stdout: "ignore" });
  await Bun.sleep(300);
  let server = await startServer({});
  // The baseline and the read endpoints take turns, round after round, and each endpoint's share
  // is taken against the baseline of its own round: the machine's speed drifts within a run.
  const targets = { baseline: `http://127.0.0.1:${basePort}`, me: server.url, tasks: server.url } as const;
  const names = Object.keys(targets) as (keyof typeof targets)[];
  const rounds: Record<keyof typeof targets, WrkResult[]> = { baseline: [], me: [], tasks: [] };
  for (let round = 1; round <= readRounds; round++) {
    for (const name of names) {
      log(`wrk ${name}, round ${round} of ${readRounds}`);
      rounds[name].push(await runWrk(targets[name], scripts[name], { seconds: Math.max(1, Math.round(seconds / 2)) }));
    }
  }
  base.kill();
  const http: Record<string, Measured> = {};
  for (const name of names) {
    http[name] = medianRound(rounds[name], rounds[name].map((r, i) => okPerSecond(r) / okPerSecond(rounds.baseline[i]!)));
  }
  log("wrk task completion, synchronous=FULL");
  http.completeFull = single(await runWrk(server.url, scripts.completeFull, { seconds }), http.baseline!.okPerSecond);
  results.http = http;

  const admin = (path: string) => () => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.token}` } });
  const wallet = `0x${(users - 5).toString(16).padStart(40, "0")}`.slice(0, 12);
  const queries: Record<string, Latency> = {};
  const runs = 200;
  for (const [name, path] of Object.entries({
    "admin stats": "/api/admin/stats",
    "activity-stats daily": "/api/admin/activity-stats",
    "activity-stats weekly": "/api/admin/activity-stats?range=weekly",
    "leaderboard earnings": "/api/admin/leaderboard/earnings?limit=5",
    "leaderboard referrals": "/api/admin/leaderboard/referrals?limit=5",
    "leaderboard activity": "/api/admin/leaderboard/activity?limit=5",
    "search username": `/api/admin/users?search=user${Math.floor(users / 2) + 1}`,
    "search tgId": `/api/admin/users?search=${10_000_000 + Math.floor(users / 3)}`,
    "search wallet": `/api/admin/users?search=${wallet}`,
  })) {
    queries[name] = await latency(runs, admin(path));
  }
  for (const category of ["earnings", "referrals", "activity"]) {
    queries[`own rank ${category}`] = await latency(runs, (i) =>
      fetch(`${server.url}/api/me/rank?category=${category}`, { headers: { "x-telegram-init-data": readers[i % readers.length]! } }),
    );
  }
  results.queries = queries;

  log("queue a broadcast to everyone");
  const queueStart = performance.now();
  const queued = (await (await fetch(`${server.url}/api/admin/broadcast`, { method: "POST", headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" }, body: JSON.stringify({ message: "Benchmark broadcast to everyone" }) })).json()) as { queuedCount: number };
  const queueMs = performance.now() - queueStart;

  let cli: Record<string, number | string> = {};
  const cliBin = join(root, "cli", "bin.mjs");
  if (await Bun.file(join(root, "cli", "index.ts")).exists()) {
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
    // What the README tells people to run (`npx refbot`), and the linked binary that `npm link`
    // puts on the PATH (cli/bin.mjs itself), the fast path for cron.
    cli = {
      "npx refbot --help ms": await time(["npx", "refbot", "--help"]),
      "npx refbot stats --json ms": await time(["npx", "refbot", "stats", "--json"]),
      "refbot (linked) --help ms": await time(["node", cliBin, "--help"]),
      "refbot (linked) stats --json ms": await time(["node", cliBin, "stats", "--json"]),
    };
  } else {
    cli = { note: "cli/ not present" };
  }
  results.cli = cli;
  await server.stop();

  log("task completion, synchronous=NORMAL");
  server = await startServer({ SQLITE_SYNCHRONOUS: "NORMAL" });
  http.completeNormal = single(await runWrk(server.url, scripts.completeNormal, { seconds }), http.baseline!.okPerSecond);
  await server.stop();

  const claimDb = openDb(dbPath);
  const deps = { store: sqliteStore(claimDb), clock: () => new Date() };
  const claimStart = performance.now();
  const claimed = (await claimBatch(deps, 28)).deliveries.length;
  const claimMs = performance.now() - claimStart;
  claimDb.sqlite.close();
  results.broadcast = { queued: queued.queuedCount, queueMs, claimed, claimMs };

  if (webIsStale()) buildWeb();
  results.bundles = { app: firstLoadJs(webDist, "app"), admin: firstLoadJs(webDist, "admin") };

  report(results as Results);
  mkdirSync(join(root, "bench-results"), { recursive: true });
  const file = join(root, "bench-results", `bench-${users}-${new Date().toISOString().replaceAll(":", "-")}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(`\nFigures written to ${file}`);
  rmSync(work, { recursive: true, force: true });
}

type Results = {
  users: number;
  build: ReturnType<typeof buildBenchDb>;
  http: Record<string, Measured>;
  queries: Record<string, Latency>;
  broadcast: { queued: number; queueMs: number; claimed: number; claimMs: number };
  bundles: Record<string, { gzipBytes: number } | undefined>;
  cli: Record<string, number | string>;
};

/** Only answers that did the work count: a refused completion is not a completion. */
const okPerSecond = (w: WrkResult) => (w.requests - w.non2xx) / w.seconds;

type Measured = WrkResult & { okPerSecond: number; shareOfBaseline: number; rounds?: WrkResult[] };

const single = (w: WrkResult, baseline: number): Measured => ({ ...w, okPerSecond: okPerSecond(w), shareOfBaseline: okPerSecond(w) / baseline });

/** The round with the median throughput stands for the endpoint; its share is the median share. */
function medianRound(rounds: WrkResult[], shares: number[]): Measured {
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rps = mid(rounds.map(okPerSecond));
  const middle = rounds.find((w) => okPerSecond(w) === rps)!;
  return { ...middle, okPerSecond: rps, shareOfBaseline: mid(shares), rounds };
}

function report(r: Results) {
  const rows: [string, string, string][] = [];
  rows.push([`database build (${r.users} users)`, `${r.build.seconds.toFixed(1)} s`, `${r.build.ledgerRows} ledger rows, ${r.build.completions} completions`]);
  for (const [name, label] of [["baseline", "bare Bun.serve (baseline)"], ["me", "GET /api/me"], ["tasks", "GET /api/tasks/active"], ["completeFull", "POST complete (sync FULL)"], ["completeNormal", "POST complete (sync NORMAL)"]] as const) {
    const h = r.http[name]!;
    const rounds = h.rounds ? `, median of ${h.rounds.length} rounds` : "";
    rows.push([label, `${Math.round(h.okPerSecond)} req/s`, `${(h.shareOfBaseline * 100).toFixed(0)}% of baseline, p50 ${h.p50ms.toFixed(2)} ms, p99 ${h.p99ms.toFixed(2)} ms${rounds}${h.non2xx ? `, ${h.non2xx} non-2xx not counted` : ""}`]);
  }
  for (const [name, l] of Object.entries(r.queries)) rows.push([name, `p99 ${l.p99Ms.toFixed(2)} ms`, `median ${l.medianMs.toFixed(2)} ms`]);
  rows.push(["queue broadcast to all", `${(r.broadcast.queueMs / 1000).toFixed(2)} s`, `${r.broadcast.queued} deliveries`]);
  rows.push(["claim a batch after", `${r.broadcast.claimMs.toFixed(2)} ms`, `${r.broadcast.claimed} claimed`]);
  for (const [name, b] of Object.entries(r.bundles)) rows.push([`${name} first-load JS`, b ? `${(b.gzipBytes / 1024).toFixed(1)} KB gzip` : "not built", ""]);
  for (const [name, v] of Object.entries(r.cli)) rows.push([name, typeof v === "number" ? `${v.toFixed(0)} ms` : v, "median of 5"]);
  const w = [Math.max(...rows.map((x) => x[0].length)), Math.max(...rows.map((x) => x[1].length))];
  console.log(`\n| measure | result | detail |\n|---|---|---|`);
  for (const [a, b, c] of rows) console.log(`| ${a.padEnd(w[0]!)} | ${b.padEnd(w[1]!)} | ${c} |`);
}

await main();
