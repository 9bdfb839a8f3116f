// `npm run bench -- --metrics`: what the metrics cost the hot paths. Two servers on the same
// generated SQLite database, one as `npm start` runs it (metrics on) and one with METRICS=false,
// take turns round after round under the same load: GET /api/me, the read every mini-app screen
// makes, and task completions, the busiest write, each round on tasks of its own so that every
// completion pays. Each figure is the median of its rounds, and the difference is held to 3 %.
import { join } from "node:path";
import { addBenchTasks, buildBenchDb } from "./build-db.ts";
import type { Row } from "./report.ts";
import { initData, okPerSecond, sampleUsers, startServer, type BenchContext, type Measured, type Server } from "./server-bench.ts";
import { runWrk, writeScript, type WrkResult } from "./wrk.ts";

const rounds = 3;
/** How much slower the metered server may be on a hot path. */
export const allowedCost = 0.03;

const sides = ["on", "off"] as const;
type Side = (typeof sides)[number];

export type MetricsCost = {
  users: number;
  seconds: number;
  startedAt: string;
  /** Per side, the median round of each measurement; `cost` is 1 − on / off. */
  me: Record<Side, Measured> & { cost: number };
  complete: Record<Side, Measured> & { cost: number };
  /** What the metered server's /metrics answered at the end, in bytes. */
  exposition: number;
};

export async function benchMetricsCost(ctx: BenchContext): Promise<MetricsCost> {
  const startedAt = new Date().toISOString();
  const dbPath = join(ctx.work, "metrics.sqlite");
  ctx.log(`metrics cost: building a database of ${ctx.users} users...`);
  buildBenchDb(dbPath, ctx.users);
  const tasks = addBenchTasks(dbPath, Array.from({ length: rounds * sides.length }, (_, i) => `Bench task, metrics ${sides[i % 2]}, round ${Math.floor(i / 2) + 1}`));
  for await (const _chunk of Bun.file(dbPath).stream());

  const readers = initData(sampleUsers(ctx.users, 20_000, 1));
  const completers = initData(sampleUsers(ctx.users, Math.min(ctx.users, 120_000), 2));
  const me = writeScript(ctx.work, "metrics-me", { path: "/api/me", values: readers });
  const env = { DATABASE_PATH: dbPath };
  const servers: Record<Side, Server> = { on: await startServer(env), off: await startServer({ ...env, METRICS: "false" }) };
  const runs: Record<"me" | "complete", Record<Side, WrkResult[]>> = { me: { on: [], off: [] }, complete: { on: [], off: [] } };
  try {
    for (let round = 0; round < rounds; round++) {
      // Which side goes first alternates, so a machine speeding up or slowing down within a round
      // favours neither.
      const order = round % 2 === 0 ? sides : ([...sides].reverse() as Side[]);
      for (const side of order) {
        ctx.log(`round ${round + 1} of ${rounds}, metrics ${side}: GET /api/me`);
        runs.me[side].push(await runWrk(servers[side].url, me, { seconds: Math.max(1, Math.round(ctx.seconds / 2)) }));
      }
      for (const side of order) {
        ctx.log(`round ${round + 1} of ${rounds}, metrics ${side}: task completions`);
        const taskId = tasks[round * 2 + sides.indexOf(side)]!;
        const script = writeScript(ctx.work, `metrics-complete-${side}-${round}`, { method: "POST", path: `/api/tasks/${taskId}/complete`, values: completers, once: true });
        runs.complete[side].push(await runWrk(servers[side].url, script, { seconds: ctx.seconds }));
      }
    }
    const exposition = (await (await fetch(`${servers.on.url}/metrics`)).text()).length;
    return { users: ctx.users, seconds: ctx.seconds, startedAt, me: compared(runs.me), complete: compared(runs.complete), exposition };
  } finally {
    await Promise.all(sides.map((side) => servers[side].stop()));
  }
}

/** Each side's median round, as a share of the unmetered side's median. */
function compared(runs: Record<Side, WrkResult[]>): Record<Side, Measured> & { cost: number } {
  const median = (side: Side): Measured => {
    const sorted = [...runs[side]].sort((a, b) => okPerSecond(a) - okPerSecond(b));
    const middle = sorted[Math.floor(sorted.length / 2)]!;
    // The unmetered server is the baseline here.
    return { ...middle, okPerSecond: okPerSecond(middle), shareOfBaseline: NaN, rounds: runs[side] };
  };
  const on = median("on");
  const off = median("off");
  return { on, off, cost: 1 - on.okPerSecond / off.okPerSecond };
}

export function metricsCostRows(r: MetricsCost): Row[] {
  const row = (key: string, label: string, h: Measured, more = ""): Row => ({
    key,
    label,
    result: `${Math.round(h.okPerSecond)} req/s`,
    detail: [`p50 ${h.p50ms.toFixed(2)} ms`, `p99 ${h.p99ms.toFixed(2)} ms`, `median of ${h.rounds!.length} rounds`, ...(h.non2xx ? [`${h.non2xx} non-2xx not counted`] : []), ...(more ? [more] : [])].join(", "),
  });
  const verdict = (cost: number) => `metrics cost ${(cost * 100).toFixed(1)} % (allowed ${allowedCost * 100} %: ${cost <= allowedCost ? "met" : "MISSED"})`;
  return [
    row("me metrics off", "GET /api/me, METRICS=false", r.me.off),
    row("me metrics on", "GET /api/me, metrics on", r.me.on, verdict(r.me.cost)),
    row("complete metrics off", "POST complete (sync FULL), METRICS=false", r.complete.off),
    row("complete metrics on", "POST complete (sync FULL), metrics on", r.complete.on, verdict(r.complete.cost)),
    { key: "exposition", label: "GET /metrics after the run", result: `${(r.exposition / 1024).toFixed(1)} KB`, detail: "the exposition's size" },
  ];
}
