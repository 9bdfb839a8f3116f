// `npm run bench -- --metrics`: what the metrics cost the hot paths. Two servers on the same
// generated SQLite database, one as `npm start` runs it (metrics on) and one with METRICS=false,
// take turns round after round under the same load: GET /api/me, the read every mini-app screen
// makes, and task completions, the busiest write, each round on tasks of its own so that every
// completion pays. The cost is the median of the rounds' ratios, each between two runs back to
// back. On a busy machine the server's CPU time per answer still moves by a tenth from one run to
// the next, more than the metrics could cost. So the same app is also measured in this process,
// with and without the metrics, request after request in turn on one database, and what the
// metrics do per answer is timed alone. Each of these is held to 3 % of the answer.
import { join } from "node:path";
import { createApp } from "@/api/app.ts";
import { createConfig } from "@/config/env.ts";
import { openEngine } from "@/db/engine.ts";
import { baseDeps } from "@/domain/base-deps.ts";
import { createMetrics } from "@/observe/metrics/registry.ts";
import { addBenchTasks, buildBenchDb } from "./build-db.ts";
import type { Row } from "./report.ts";
import { cpuSplit, initData, jwtSecret, okPerSecond, sampleUsers, startServer, type BenchContext, type Measured, type Server } from "./server-bench.ts";
import { runWrk, writeScript } from "./wrk.ts";

const rounds = 7;
/** How much slower the metered server may be on a hot path. */
export const allowedCost = 0.03;

const sides = ["on", "off"] as const;
type Side = (typeof sides)[number];

export type MetricsCost = {
  users: number;
  seconds: number;
  startedAt: string;
  /**
   * Per side, the median round of each measurement (by the server's CPU time per answer);
   * `cost` is how much more CPU an answer took with the metrics on (on / off − 1).
   */
  me: Compared;
  complete: Compared;
  /** The same app in this process, with and without the metrics, request after request in turn. */
  inProcess: { me: Interleaved; complete: Interleaved };
  /**
   * What the metrics do for one answer, timed alone over many: its clock read and its
   * observation, and for a completion the events it emits too, in ns.
   */
  alone: { me: number; complete: number };
  /** What the metered server's /metrics answered at the end, in bytes. */
  exposition: number;
};

/** µs per answer with the metrics and without, and `cost`, on / off − 1: each the median of its blocks. */
export type Interleaved = Record<Side, number> & { answers: number; blocks: number; cost: number };

export async function benchMetricsCost(ctx: BenchContext): Promise<MetricsCost> {
  const startedAt = new Date().toISOString();
  const dbPath = join(ctx.work, "metrics.sqlite");
  ctx.log(`metrics cost: building a database of ${ctx.users} users...`);
  buildBenchDb(dbPath, ctx.users);
  // A pair of tasks per round, one for the in-process run and one for the warm-up.
  const tasks = addBenchTasks(dbPath, Array.from({ length: (rounds + 2) * sides.length }, (_, i) => `Bench task, metrics ${sides[i % 2]}, round ${Math.floor(i / 2) + 1}`));
  for await (const _chunk of Bun.file(dbPath).stream());

  const readers = initData(sampleUsers(ctx.users, 20_000, 1));
  const completers = initData(sampleUsers(ctx.users, Math.min(ctx.users, 120_000), 2));
  const me = writeScript(ctx.work, "metrics-me", { path: "/api/me", values: readers });
  const env = { DATABASE_PATH: dbPath };
  // On two cores or more, the servers run on one and the load on another, so that neither waits
  // for the other's turn on a core: the machine's scheduler moves CPU per answer by more than the
  // metrics could.
  const cpus = navigator.hardwareConcurrency >= 2 && Bun.which("taskset") ? { server: "0", load: "1" } : undefined;
  const servers: Record<Side, Server> = { on: await startServer(env, [], cpus?.server), off: await startServer({ ...env, METRICS: "false" }, [], cpus?.server) };
  const runs: Record<"me" | "complete", Record<Side, Measured[]>> = { me: { on: [], off: [] }, complete: { on: [], off: [] } };
  const measure = async (side: Side, script: string, seconds: number): Promise<Measured> => {
    const cpu = cpuSplit(servers[side].pid);
    const w = await runWrk(servers[side].url, script, { seconds, cpus: cpus?.load });
    return { ...w, okPerSecond: okPerSecond(w), shareOfBaseline: NaN, cpu: cpu() };
  };
  const completions = (side: Side, round: number) =>
    writeScript(ctx.work, `metrics-complete-${side}-${round}`, { method: "POST", path: `/api/tasks/${tasks[round * 2 + sides.indexOf(side)]!}/complete`, values: completers, once: true });
  try {
    // Unmeasured, so that both servers' code is compiled as hot as it will be before the first round.
    ctx.log("warming both servers up");
    for (const side of sides) {
      await measure(side, me, ctx.seconds);
      await measure(side, completions(side, rounds + 1), ctx.seconds);
    }
    for (let round = 0; round < rounds; round++) {
      // Which side goes first alternates, so a machine speeding up or slowing down within a round
      // favours neither.
      const order = round % 2 === 0 ? sides : ([...sides].reverse() as Side[]);
      for (const side of order) {
        ctx.log(`round ${round + 1} of ${rounds}, metrics ${side}: GET /api/me`);
        runs.me[side].push(await measure(side, me, ctx.seconds));
      }
      for (const side of order) {
        ctx.log(`round ${round + 1} of ${rounds}, metrics ${side}: task completions`);
        runs.complete[side].push(await measure(side, completions(side, round), ctx.seconds));
      }
    }
    const exposition = (await (await fetch(`${servers.on.url}/metrics`)).text()).length;
    await Promise.all(sides.map((side) => servers[side].stop()));
    ctx.log("in this process, request after request in turn");
    const inProcess = await interleaved(dbPath, readers, completers, { on: tasks[rounds * 2]!, off: tasks[rounds * 2 + 1]! });
    return { users: ctx.users, seconds: ctx.seconds, startedAt, me: compared(runs.me), complete: compared(runs.complete), inProcess, alone: metricsAlone(), exposition };
  } finally {
    await Promise.all(sides.map((side) => servers[side].stop()));
  }
}

/**
 * Apps with the metrics and without, on one database, answer GET /api/me and then task
 * completions (each side its own task) request after request in turn, in an order that reverses
 * at every request. Two apps of each kind, made in the order without, with, with, without: the
 * JIT treats an app made earlier differently from one made later, by as much as the metrics
 * cost. An answer is timed until its after-response hooks have run, where the metrics record it.
 * The answers come in blocks, each compared on its own, and the median block is reported: a
 * block the machine was busier for says little.
 */
async function interleaved(dbPath: string, readers: string[], completers: string[], taskIds: Record<Side, number>): Promise<{ me: Interleaved; complete: Interleaved }> {
  const config = createConfig({ DATABASE_PATH: dbPath, JWT_SECRET: jwtSecret, SEED_DEMO: "false" });
  const engine = await openEngine(config);
  try {
    const deps = baseDeps(engine.store, config, () => new Date());
    const metered = () => {
      const metrics = createMetrics();
      return createApp({ ...deps, events: metrics.events }, { jwtSecret, metrics });
    };
    const plain = () => createApp(deps, { jwtSecret });
    const apps: [Side, ReturnType<typeof plain>][] = [
      ["off", plain()],
      ["on", metered()],
      ["on", metered()],
      ["off", plain()],
    ];
    const hooksRun = () => new Promise((resolve) => setImmediate(resolve));
    const blocks = 15;
    /** `request(side, n)`: the n-th request of the run, n counting every app's. */
    const time = async (answers: number, request: (side: Side, n: number) => Request): Promise<Interleaved> => {
      let n = 0;
      const perBlock = Math.floor(answers / blocks);
      const measured: { on: number; off: number }[] = [];
      for (let block = 0; block < blocks; block++) {
        const spent: Record<Side, number> = { on: 0, off: 0 };
        for (let i = block * perBlock; i < (block + 1) * perBlock; i++) {
          for (const [side, app] of i % 2 === 0 ? apps : [...apps].reverse()) {
            const started = performance.now();
            await (await app.handle(request(side, n++))).arrayBuffer();
            await hooksRun();
            spent[side] += performance.now() - started;
          }
        }
        // Two apps a side, so each side answered twice per request.
        measured.push({ on: (spent.on * 1000) / (2 * perBlock), off: (spent.off * 1000) / (2 * perBlock) });
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      return { on: median(measured.map((m) => m.on)), off: median(measured.map((m) => m.off)), answers: perBlock * blocks, blocks, cost: median(measured.map((m) => m.on / m.off)) - 1 };
    };
    const user = (initData: string) => ({ "x-telegram-init-data": initData });
    return {
      me: await time(40_000, (_, n) => new Request("http://localhost/api/me", { headers: user(readers[n % readers.length]!) })),
      // Every completion by a user of its own, so that each one pays.
      complete: await time(Math.min(Math.floor(completers.length / apps.length), 1_500), (side, n) =>
        new Request(`http://localhost/api/tasks/${taskIds[side]}/complete`, { method: "POST", headers: user(completers[n]!) }),
      ),
    };
  } finally {
    await engine.close();
  }
}

/** ns per answer of the metrics' own work, as request-id.ts and the rules do it. */
function metricsAlone(): { me: number; complete: number } {
  const metrics = createMetrics();
  const times = 2_000_000;
  const time = (answer: () => void) => {
    answer(); // warmed, once
    const started = performance.now();
    for (let i = 0; i < times; i++) answer();
    return ((performance.now() - started) * 1e6) / times;
  };
  const startedAt = performance.now();
  return {
    me: time(() => metrics.http.answered("/api/me", "GET", 200, (performance.now() - startedAt) / 1000)),
    complete: time(() => {
      metrics.http.answered("/api/tasks/:id/complete", "POST", 200, (performance.now() - startedAt) / 1000);
      metrics.events.emit({ type: "task_completed", userId: 1, taskId: 1, kind: "daily_activity", reward: 200_000 });
    }),
  };
}

/** `spread`: how far the server without metrics moved from round to round, ± a share of its median. */
type Compared = Record<Side, Measured & { cpuUsPerAnswer: number }> & { cost: number; spread: number };

/** The server's CPU time per answer that did the work, in µs. */
const cpuPerAnswer = (m: Measured) => m.cpu!.server / (m.requests - m.non2xx);

/**
 * Each side's median round by CPU time per answer, and what the metrics add: the median of the
 * rounds' ratios, each taken between the two servers under the same load at the same time.
 */
function compared(runs: Record<Side, Measured[]>): Compared {
  const median = (side: Side) => {
    const sorted = [...runs[side]].sort((a, b) => cpuPerAnswer(a) - cpuPerAnswer(b));
    const middle = sorted[Math.floor(sorted.length / 2)]!;
    return { ...middle, cpuUsPerAnswer: cpuPerAnswer(middle), rounds: runs[side] };
  };
  const ratios = runs.on.map((on, round) => cpuPerAnswer(on) / cpuPerAnswer(runs.off[round]!)).sort((a, b) => a - b);
  const off = median("off");
  const offRounds = runs.off.map(cpuPerAnswer);
  const spread = (Math.max(...offRounds) - Math.min(...offRounds)) / 2 / off.cpuUsPerAnswer;
  return { on: median("on"), off, cost: ratios[Math.floor(ratios.length / 2)]! - 1, spread };
}

export function metricsCostRows(r: MetricsCost): Row[] {
  const row = (key: string, label: string, h: Compared[Side], more = ""): Row => ({
    key,
    label,
    result: `${h.cpuUsPerAnswer.toFixed(1)} µs CPU per answer`,
    detail: [
      `${Math.round(h.okPerSecond)} req/s`,
      `p50 ${h.p50ms.toFixed(2)} ms`,
      `p99 ${h.p99ms.toFixed(2)} ms`,
      `median of ${h.rounds!.length} rounds`,
      `machine ${(h.cpu!.busy * 100).toFixed(0)}% busy`,
      ...(h.non2xx ? [`${h.non2xx} non-2xx not counted`] : []),
      ...(more ? [more] : []),
    ].join(", "),
  });
  const verdict = (cost: number) => `metrics cost ${(cost * 100).toFixed(1)} % (allowed ${allowedCost * 100} %: ${cost <= allowedCost ? "met" : "MISSED"})`;
  // A server's own rounds can differ by more than the allowance: then the servers' comparison
  // cannot tell 3 % from nothing, and says so instead of a verdict it cannot earn.
  const serverVerdict = (c: Compared) =>
    c.spread > allowedCost
      ? `metrics cost ${(c.cost * 100).toFixed(1)} %, inside the ±${(c.spread * 100).toFixed(0)} % the server without them moved between rounds: too coarse to hold to ${allowedCost * 100} %, see the in-process rows`
      : verdict(c.cost);
  return [
    row("me metrics off", "GET /api/me, METRICS=false", r.me.off),
    row("me metrics on", "GET /api/me, metrics on", r.me.on, serverVerdict(r.me)),
    row("complete metrics off", "POST complete (sync FULL), METRICS=false", r.complete.off),
    row("complete metrics on", "POST complete (sync FULL), metrics on", r.complete.on, serverVerdict(r.complete)),
    ...(["me", "complete"] as const).map((key) => {
      const m = r.inProcess[key];
      return {
        key: `${key} in process`,
        label: `${key === "me" ? "GET /api/me" : "POST complete"} in process, on / off`,
        result: `${m.on.toFixed(1)} / ${m.off.toFixed(1)} µs`,
        detail: `${m.answers} answers each, in turn, median of ${m.blocks} blocks; ${verdict(m.cost)}`,
      };
    }),
    ...(["me", "complete"] as const).map((key) => ({
      key: `${key} alone`,
      label: `${key === "me" ? "GET /api/me" : "POST complete"}: the metrics' own work`,
      result: `${r.alone[key].toFixed(0)} ns per answer`,
      detail: verdict(r.alone[key] / 1000 / r.inProcess[key].off),
    })),
    { key: "exposition", label: "GET /metrics after the run", result: `${(r.exposition / 1024).toFixed(1)} KB`, detail: "the exposition's size" },
  ];
}
