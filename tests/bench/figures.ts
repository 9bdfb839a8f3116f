// A run's figures by name, whichever engine ran: what `--compare` sets beside the committed run
// (compare.ts) and what the docs' tables are rendered from (tables.ts), with the number formats
// both print.
import type { Latency } from "./measure.ts";
import type { EngineResults } from "./saved-run.ts";
import type { Measured } from "./server-bench.ts";

/** How the engine names its two ways of committing, and what a completion's share is taken of. */
export const engineNames = {
  sqlite: { title: "SQLite", durable: "completeFull", relaxed: "completeNormal", durableLabel: "synchronous=FULL", relaxedLabel: "synchronous=NORMAL", shareOf: "baseline" },
  postgres: { title: "PostgreSQL", durable: "completeSyncOn", relaxed: "completeSyncOff", durableLabel: "synchronous_commit=on", relaxedLabel: "synchronous_commit=off", shareOf: "pgbench -N" },
} as const;

/** The usual number of requests wrk keeps in flight, which the durable and relaxed runs use. */
export const usualInFlight = 32;

export type Completion = { key: string; label: string; inFlight: number; h: Measured; share: number };

/**
 * The completion runs in the order measured: the durable way at 32 in flight and then at each
 * busier count the run holds, then the relaxed way. Each with its share: of the baseline on
 * SQLite, of `pgbench -N` on PostgreSQL, where the ceiling of a small write is measured apart.
 */
export function completions(r: EngineResults): Completion[] {
  const names = engineNames[r.engine];
  const share = (h: Measured) => (r.engine === "postgres" ? h.okPerSecond / r.pgbench.opsPerSecond : h.shareOfBaseline);
  const busier = Object.keys(r.http)
    .map((key) => Number(new RegExp(`^${names.durable}(\\d+)$`).exec(key)?.[1]))
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  const runs = [
    { key: names.durable, label: names.durableLabel, inFlight: usualInFlight },
    ...busier.map((n) => ({ key: `${names.durable}${n}`, label: names.durableLabel, inFlight: n })),
    { key: names.relaxed, label: names.relaxedLabel, inFlight: usualInFlight },
  ];
  return runs.flatMap((run) => {
    const h = r.http[run.key];
    return h ? [{ ...run, label: `POST complete, ${run.label}, ${run.inFlight} in flight`, h, share: share(h) }] : [];
  });
}

export type Unit = "share" | "req/s" | "/s" | "tps" | "ms" | "s";
/** `ratio`: a share that divides the machine's speed out, the figures --compare holds a run to. */
export type Figure = { key: string; label: string; value: number; unit: Unit; ratio: boolean };

const lowerIsBetter = (unit: Unit) => unit === "ms" || unit === "s";
/** How much worse `value` is than `before`, as a share of `before`: 0.1 is a tenth worse. */
export const worseBy = (unit: Unit, value: number, before: number) => (lowerIsBetter(unit) ? value / before - 1 : 1 - value / before);

export const readEndpoints = [
  ["me", "GET /api/me"],
  ["tasks", "GET /api/tasks/active"],
] as const;

export function figuresOf(r: EngineResults): Figure[] {
  const figure = (key: string, label: string, value: number, unit: Unit, ratio = false): Figure => ({ key, label, value, unit, ratio });
  const baseline = r.http.baseline!;
  const out = [figure("baseline rate", "bare Bun.serve (baseline)", baseline.okPerSecond, "req/s"), figure("baseline p99", "bare Bun.serve, p99", baseline.p99ms, "ms")];
  for (const [key, label] of readEndpoints) {
    const h = r.http[key]!;
    out.push(figure(`${key} share`, `${label}, share of baseline`, h.shareOfBaseline, "share", true), figure(`${key} rate`, label, h.okPerSecond, "req/s"), figure(`${key} p99`, `${label}, p99`, h.p99ms, "ms"));
    const miniApp = "miniAppReads" in r ? r.miniAppReads?.[key] : undefined;
    if (miniApp) out.push(figure(`${key} mini app share`, `${label} with the mini app's headers, share of baseline`, miniApp.shareOfBaseline, "share", true));
  }
  if (r.engine === "postgres") out.push(figure("pgbench rate", `pgbench -N, ${r.pgbench.clients} clients`, r.pgbench.opsPerSecond, "tps"), figure("pgbench p99", "pgbench -N, p99", r.pgbench.p99Ms, "ms"));
  for (const c of completions(r)) {
    out.push(
      figure(`${c.key} share`, `${c.label}, share of ${engineNames[r.engine].shareOf}`, c.share, "share", true),
      figure(`${c.key} rate`, c.label, c.h.okPerSecond, "/s"),
      figure(`${c.key} p99`, `${c.label}, p99`, c.h.p99ms, "ms"),
    );
  }
  for (const [name, l] of Object.entries(r.queries as Record<string, Latency>)) out.push(figure(`query ${name}`, `${name}, p99`, l.p99Ms, "ms"));
  out.push(figure("broadcast queue", `queue a broadcast to ${grouped(r.broadcast.queued)} users`, r.broadcast.queueMs / 1000, "s"), figure("broadcast claim", "claim a batch after it", r.broadcast.claimMs, "ms"));
  return out;
}

/** 1234567 as "1 234 567", the way the docs write figures. */
export const grouped = (n: number) => Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, " ");
/** Three significant figures at most, none past the hundredth: 0.79, 4.57, 11.6, 119. */
export const decimals = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : grouped(n));
export const msText = (n: number) => `${decimals(n)} ms`;
/** A share as a percentage: whole above 10 %, to a tenth below (a completion's share of the baseline). */
export const percentText = (share: number) => `${share * 100 >= 9.95 ? (share * 100).toFixed(0) : (share * 100).toFixed(1)} %`;

export function valueText(value: number, unit: Unit): string {
  switch (unit) {
    case "share":
      return percentText(value);
    case "ms":
      return msText(value);
    case "s":
      return `${decimals(value)} s`;
    default:
      return `${grouped(value)} ${unit}`;
  }
}
