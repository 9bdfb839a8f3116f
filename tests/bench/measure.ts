// Small timing helpers for the benchmarks: sequential request latencies, closed-loop throughput and
// bundle sizes.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export type Latency = { medianMs: number; p99Ms: number; runs: number };

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Times `runs` sequential calls after a short warm-up; `call(i)` may vary the request. */
export async function latency(runs: number, call: (i: number) => Promise<Response>): Promise<Latency> {
  for (let i = 0; i < 5; i++) await (await call(i)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await call(i + 5);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`HTTP ${res.status} from ${res.url}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: percentile(times, 50), p99Ms: percentile(times, 99), runs };
}

/** Gzipped bytes of the JavaScript a page loads at first: its module script and preloads. */
export function firstLoadJs(dist: string, page: "admin" | "app"): { files: string[]; gzipBytes: number } | undefined {
  const html = join(dist, page, "index.html");
  if (!existsSync(html)) return undefined;
  const text = readFileSync(html, "utf8");
  const files = [...text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
  return { files, gzipBytes };
}

/** One stretch of closed-loop calls: each call's latency in ms, the wall time, this process's CPU. */
export type Sample = { times: number[]; seconds: number; cpuUs: number };

export type Throughput = { ops: number; seconds: number; opsPerSecond: number; p50Ms: number; p99Ms: number; cpuUsPerOp: number; turnOpsPerSecond: number[] };

/**
 * Calls `op` from `concurrency` loops, each calling again as soon as its last call ends, and
 * keeps the calls that end in the `ms` after a warm-up: at least `warmUpMs` and two calls per
 * loop, which opens the pool's connections and prepares their statements however slow the calls
 * are. The calls still running at the end are left out, so the load stays at `concurrency` over
 * the whole window. CPU time is this process's over the window: on a small machine the client's
 * CPU is taken from the server's.
 */
export async function closedLoop(concurrency: number, warmUpMs: number, ms: number, op: () => Promise<unknown>): Promise<Sample> {
  const times: number[] = [];
  const warmUntil = performance.now() + warmUpMs;
  let warmCalls = 2 * concurrency;
  let from = Infinity;
  let to = Infinity;
  let cpu = process.cpuUsage();
  let cpuUs = 0;
  let stop: Timer | undefined;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < to) {
        const begun = performance.now();
        await op();
        const ended = performance.now();
        if (ended >= from) {
          if (ended < to) times.push(ended - begun);
        } else if (--warmCalls <= 0 && ended >= warmUntil) {
          [from, to, cpu] = [ended, ended + ms, process.cpuUsage()];
          stop = setTimeout(() => (cpuUs = usUsed(cpu)), ms);
        }
      }
    }),
  );
  clearTimeout(stop);
  return { times, seconds: ms / 1000, cpuUs: cpuUs || usUsed(cpu) };
}

const usUsed = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

/** The samples of one measurement taken in turns with others, as one figure. */
export function summarize(samples: Sample[]): Throughput {
  const times = samples.flatMap((s) => s.times).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  return {
    ops: times.length,
    seconds,
    opsPerSecond: times.length / seconds,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    cpuUsPerOp: samples.reduce((sum, s) => sum + s.cpuUs, 0) / times.length,
    turnOpsPerSecond: samples.map((s) => Math.round(s.times.length / s.seconds)),
  };
}
