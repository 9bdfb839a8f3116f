// Small timing helpers for the benchmark: sequential request latencies and bundle sizes.
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
