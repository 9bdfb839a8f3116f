// What `npm run bench` measures on the real server, whichever engine it runs on: the read
// endpoints against a bare Bun.serve baseline, task completions, the admin queries and ranks, and
// queueing a broadcast. An engine (bench-sqlite.ts, bench-postgres.ts) builds the database, says
// how to start the server on it and adds what only it has; this file runs the same measurements
// on both, in the same order.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { demoInitDataToken } from "@/api/app.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { allocatorEnv } from "@/server/allocator.ts";
import { freePort } from "@/tests/support/server.ts";
import { random } from "./build-db.ts";
import { latency, type Latency } from "./measure.ts";
import { pinned, runWrk, writeScript, type WrkResult } from "./wrk.ts";

export const root = join(import.meta.dir, "..", "..");
export const jwtSecret = "bench-secret-bench-secret-bench-secret-00";
const admin = { email: "bench@refbot.local", password: "bench password 123" };
const key = initDataKey(demoInitDataToken(jwtSecret));

export type BenchContext = { users: number; seconds: number; work: string; log: (line: string) => void };

/**
 * A way of committing completions: the engine's durable default first, then the relaxed one
 * (SQLite's synchronous=NORMAL, PostgreSQL's synchronous_commit=off), each on a task of its own
 * that nobody has done yet, so every completion pays. `inFlight`: the requests wrk keeps open,
 * 32 unless said, as for every other measurement.
 */
export type CompletionVariant = { key: string; label: string; taskId: number; env?: Record<string, string>; inFlight?: number };

/** The in-flight counts the durable completions are measured at beyond the usual 32. */
export const busierInFlight = [64, 128];

/** The durable variant at each of busierInFlight, on the tasks given (one each). */
export const busierVariants = (durable: Pick<CompletionVariant, "key" | "label">, taskIds: number[]): CompletionVariant[] =>
  busierInFlight.map((inFlight, i) => ({ key: `${durable.key}${inFlight}`, label: `${durable.label}, ${inFlight} in flight`, taskId: taskIds[i]!, inFlight }));

export type Server = { url: string; token: string; pid: number; stop: () => Promise<unknown> };

export type Engine = {
  /** PostgreSQL's database, whose backends' CPU is counted apart from other work on the server. */
  database?: string;
  /** What the server needs to open this engine's database (DATABASE_PATH, DATABASE_URL). */
  env: Record<string, string>;
  completions: [durable: CompletionVariant, relaxed: CompletionVariant];
  /**
   * A task nobody has done, for the completions that warm each new server up before its first
   * measured run, not counted (the durable server's with half of the users set aside for it, the
   * relaxed one's with the other half): a server that has been running has its code compiled and
   * the database's pages it uses at hand, and at a million users a fresh server's first seconds
   * of completions cost it a third more CPU each than its later ones.
   */
  warmUpTaskId: number;
  /**
   * The durable way again with more requests in flight, each on a task of its own. At 32 a
   * completion's rate is bound by its latency (32 requests over the time each takes), not by the
   * machine: with more waiting, group commit's batches grow and each completion costs less.
   */
  busier: CompletionVariant[];
  /** Runs one completion measurement, doing what the engine needs around it (samplers, a ceiling). */
  completing?: (variant: CompletionVariant, run: () => Promise<Measured>) => Promise<Measured>;
  /** Before the relaxed variant's server starts (PostgreSQL sets synchronous_commit for it). */
  beforeRelaxed?: () => Promise<void>;
  /** While the first server still runs, after the broadcast is queued (SQLite times the CLI). */
  withServer?: (server: Server) => Promise<void>;
  /** Claims a batch of the queued broadcast through the domain, once the servers are stopped. */
  claimBatch: (limit: number) => Promise<number>;
};

export type ServerResults = {
  http: Record<string, Measured>;
  queries: Record<string, Latency>;
  broadcast: { queued: number; queueMs: number; claimed: number; claimMs: number };
};

/** `count` distinct user ids (all of them when there are fewer), in a random order. */
export function sampleUsers(users: number, count: number, seed: number): number[] {
  const rand = random(seed);
  const out = new Set<number>();
  while (out.size < Math.min(count, users)) out.add(1 + Math.floor(rand() * users));
  return [...out];
}

/** Init data carrying the same profile the database holds, as Telegram would send it. */
export const initData = (ids: number[]) =>
  ids.map((id) =>
    signInitData({ user: { id: 10_000_000 + id, first_name: `User ${id}`, ...(id % 9 !== 0 && { username: `user${id}` }) }, authDate: Math.floor(Date.now() / 1000) }, key),
  );

/** `bunArgs`: options for Bun itself, as a CPU profile's (`--cpu-prof`). */
/** `cpus`: the CPUs the server may run on (`taskset -c`), all by default. */
export async function startServer(env: Record<string, string>, bunArgs: string[] = [], cpus?: string): Promise<Server> {
  const port = await freePort();
  const proc = Bun.spawn(pinned(cpus, [process.execPath, ...bunArgs, "run", join(root, "server/main.ts")]), {
    cwd: root,
    env: { ...process.env, ...allocatorEnv, PORT: String(port), JWT_SECRET: jwtSecret, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SEED_DEMO: "false", SKIP_WEB_BUILD: "true", BOT_TOKEN: "", BROADCAST_INTERVAL: "0", ...env },
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
  return { url, token, pid: proc.pid, stop: async () => (proc.kill("SIGTERM"), await proc.exited) };
}

/** A process's name and CPU time so far in µs (Linux /proc); no time once it is gone. */
function cpuUsOf(pid: string): { comm: string; us: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    // utime + stime, in clock ticks of 10 ms.
    return { comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), us: ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100 };
  } catch {
    return { comm: "", us: NaN };
  }
}

/**
 * Whether a PostgreSQL process works for `database`: its own backends (their title names the
 * database), or the server's own processes (WAL writer, checkpointer...), which serve every
 * database; backends of other databases (tests sharing the server) do not.
 */
function servesDatabase(pid: string, database: string | undefined): boolean {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    const backend = / (\d+\.\d+\.\d+\.\d+|\[local\]|::1)(\(\d+\))? /.test(title);
    return !backend || (database !== undefined && title.includes(` ${database} `));
  } catch {
    return false;
  }
}

export type CpuSplit = { server: number; postgres: number; wrk: number; other: number; busy: number };

/**
 * Where the machine's CPU goes from now until the answer is called, in µs: the server process,
 * PostgreSQL's processes for `database`, wrk, and everything else (this bench, other work on the
 * machine); and the busy share of all cores (from /proc/stat). Processes that start meanwhile
 * count whole; those that end meanwhile are missed.
 */
export function cpuSplit(serverPid: number, database?: string): () => CpuSplit {
  const snapshot = () => new Map(readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map((pid) => [pid, cpuUsOf(pid)]));
  const total = () => {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
    return { idle: ticks[3]! + ticks[4]!, all: ticks.reduce((a, b) => a + b, 0) };
  };
  const [before, totalBefore] = [snapshot(), total()];
  return () => {
    const [after, totalAfter] = [snapshot(), total()];
    const split: CpuSplit = { server: 0, postgres: 0, wrk: 0, other: 0, busy: 0 };
    for (const [pid, now] of after) {
      const used = now.us - (before.get(pid)?.us ?? 0);
      if (!(used > 0)) continue;
      const group =
        Number(pid) === serverPid ? "server" : now.comm === "postgres" && servesDatabase(pid, database) ? "postgres" : now.comm === "wrk" ? "wrk" : "other";
      split[group] += used;
    }
    split.busy = 1 - (totalAfter.idle - totalBefore.idle) / (totalAfter.all - totalBefore.all);
    return split;
  };
}

/**
 * Everything the server is measured on, in this order: reads against the baseline, completions
 * to warm up (not counted), the durable completions, the admin queries and ranks, queueing a
 * broadcast to everyone, the durable completions with more requests in flight; then, on a fresh
 * server, completions to warm it up and the relaxed completions; then claiming a batch of the
 * broadcast.
 */
export async function measureServer(ctx: BenchContext, engine: Engine): Promise<ServerResults> {
  const { users, seconds, work, log } = ctx;
  const readers = initData(sampleUsers(users, 20_000, 1));
  const completers = [initData(sampleUsers(users, Math.min(users, 120_000), 2)), initData(sampleUsers(users, Math.min(users, 120_000), 3))];
  const scripts = {
    // The baseline gets the very requests /api/me gets, so both cost the load generator the same.
    baseline: writeScript(work, "baseline", { path: "/", values: readers }),
    me: writeScript(work, "me", { path: "/api/me", values: readers }),
    tasks: writeScript(work, "tasks", { path: "/api/tasks/active", values: readers }),
  };
  const completionScript = (v: CompletionVariant, i: number) =>
    writeScript(work, `complete-${v.key}`, { method: "POST", path: `/api/tasks/${v.taskId}/complete`, values: completers[i]!, once: true });
  const warmers = initData(sampleUsers(users, Math.min(users, 40_000), 4));
  const halves = [warmers.slice(0, Math.ceil(warmers.length / 2)), warmers.slice(Math.ceil(warmers.length / 2))] as const;
  const warmUp = async (half: 0 | 1) => {
    log("wrk task completion, warming up");
    const script = writeScript(work, `complete-warm-up-${half}`, { method: "POST", path: `/api/tasks/${engine.warmUpTaskId}/complete`, values: halves[half], once: true });
    await runWrk(server.url, script, { seconds: Math.max(1, Math.round(seconds / 2)) });
  };

  let server = await startServer(engine.env);
  const http = await measureReads(ctx, server.url, scripts);
  const complete = async (v: CompletionVariant, i: number) => {
    log(`wrk ${v.label}`);
    const script = completionScript(v, i);
    const run = async () => {
      const cpu = cpuSplit(server.pid, engine.database);
      const w = single(await runWrk(server.url, script, { seconds, connections: v.inFlight }), http.baseline!.okPerSecond);
      return { ...w, cpu: cpu() };
    };
    http[v.key] = engine.completing ? await engine.completing(v, run) : await run();
  };
  const [durable, relaxed] = engine.completions;
  await warmUp(0);
  await complete(durable, 0);

  const queries = await measureQueries(server, users, readers);
  log("queue a broadcast to everyone");
  const queueStart = performance.now();
  const queued = (await (
    await fetch(`${server.url}/api/admin/broadcast`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify({ message: "Benchmark broadcast to everyone" }),
    })
  ).json()) as { queuedCount: number };
  const queueMs = performance.now() - queueStart;
  // After the queries and the queueing, which are measured after 32 in flight only, as before:
  // the busier runs' writes leave vacuuming behind that the queries would meet.
  for (const busier of engine.busier) await complete(busier, 0);
  await engine.withServer?.(server);
  await server.stop();

  await engine.beforeRelaxed?.();
  server = await startServer({ ...engine.env, ...relaxed.env });
  await warmUp(1);
  await complete(relaxed, 1);
  await server.stop();

  const claimStart = performance.now();
  const claimed = await engine.claimBatch(28);
  const claimMs = performance.now() - claimStart;
  return { http, queries, broadcast: { queued: queued.queuedCount, queueMs, claimed, claimMs } };
}

const readRounds = 5;

/**
 * The baseline and the read endpoints take turns, round after round, and each endpoint's share
 * is taken against the baseline of its own round: the machine's speed drifts within a run. A
 * first round of each is not counted: a server that has been running has its code compiled and
 * its users' answers kept, and a fresh one spends its first seconds on both (a first round of
 * GET /api/me made half of what the next made).
 */
export async function measureReads(ctx: BenchContext, serverUrl: string, scripts: Record<"baseline" | "me" | "tasks", string>): Promise<Record<string, Measured>> {
  const basePort = await freePort();
  const base = Bun.spawn([process.execPath, join(import.meta.dir, "baseline-server.ts"), String(basePort)], { stdout: "ignore" });
  try {
    await Bun.sleep(300);
    const targets = { baseline: `http://127.0.0.1:${basePort}`, me: serverUrl, tasks: serverUrl } as const;
    const names = Object.keys(targets) as (keyof typeof targets)[];
    const rounds: Record<keyof typeof targets, WrkResult[]> = { baseline: [], me: [], tasks: [] };
    const roundSeconds = Math.max(1, Math.round(ctx.seconds / 2));
    for (const name of names) {
      ctx.log(`wrk ${name}, warming up`);
      await runWrk(targets[name], scripts[name], { seconds: roundSeconds });
    }
    for (let round = 1; round <= readRounds; round++) {
      for (const name of names) {
        ctx.log(`wrk ${name}, round ${round} of ${readRounds}`);
        rounds[name].push(await runWrk(targets[name], scripts[name], { seconds: roundSeconds }));
      }
    }
    const http: Record<string, Measured> = {};
    for (const name of names) {
      http[name] = medianRound(rounds[name], rounds[name].map((r, i) => okPerSecond(r) / okPerSecond(rounds.baseline[i]!)));
    }
    return http;
  } finally {
    base.kill();
  }
}

async function measureQueries(server: Server, users: number, readers: string[]): Promise<Record<string, Latency>> {
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
  return queries;
}

/** Only answers that did the work count: a refused completion is not a completion. */
export const okPerSecond = (w: WrkResult) => (w.requests - w.non2xx) / w.seconds;

export type Measured = WrkResult & {
  okPerSecond: number;
  shareOfBaseline: number;
  rounds?: WrkResult[];
  /** Completions: where the machine's CPU went meanwhile (server, PostgreSQL, wrk, other). */
  cpu?: CpuSplit;
};

const single = (w: WrkResult, baseline: number): Measured => ({ ...w, okPerSecond: okPerSecond(w), shareOfBaseline: okPerSecond(w) / baseline });

/** The round with the median throughput stands for the endpoint; its share is the median share. */
function medianRound(rounds: WrkResult[], shares: number[]): Measured {
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rps = mid(rounds.map(okPerSecond));
  const middle = rounds.find((w) => okPerSecond(w) === rps)!;
  return { ...middle, okPerSecond: rps, shareOfBaseline: mid(shares), rounds };
}
