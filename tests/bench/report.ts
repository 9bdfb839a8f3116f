// The bench's tables: one per engine (measure, result, detail), and, when both engines ran, the
// two side by side. Rows carry a key, so the same measurement on the two engines lines up.
import type { Latency } from "./measure.ts";
import { busierInFlight, type Measured, type ServerResults } from "./server-bench.ts";

export type Row = { key: string; label: string; result: string; detail: string; /** The label beside the other engine, when this one's is its own. */ common?: string };

const ms = (n: number) => `${n.toFixed(2)} ms`;

export function httpRow(key: string, label: string, h: Measured, more: string[] = [], common?: string): Row {
  const detail = [`${(h.shareOfBaseline * 100).toFixed(0)}% of baseline`, `p50 ${ms(h.p50ms)}`, `p99 ${ms(h.p99ms)}`];
  if (h.rounds) detail.push(`median of ${h.rounds.length} rounds`);
  if (h.cpu) {
    const ok = h.requests - h.non2xx;
    const each = (us: number) => (us / ok).toFixed(0);
    const pg = h.cpu.postgres ? `, PostgreSQL ${each(h.cpu.postgres)}` : "";
    detail.push(`CPU µs per answer: server ${each(h.cpu.server)}${pg}, wrk ${each(h.cpu.wrk)}, other ${each(h.cpu.other)}`, `machine ${(h.cpu.busy * 100).toFixed(0)}% busy`);
  }
  if (h.non2xx) detail.push(`${h.non2xx} non-2xx not counted`);
  return { key, label, common, result: `${Math.round(h.okPerSecond)} req/s`, detail: [...detail, ...more].join(", ") };
}

/** The durable completions at each of busierInFlight (server-bench.ts), `more` said beside each. */
export const busierRows = (http: Record<string, Measured>, key: string, label: string, more: (h: Measured, inFlight: number) => string[] = () => []): Row[] =>
  busierInFlight.map((n) => {
    const h = http[`${key}${n}`]!;
    return httpRow(`complete durable ${n}`, `${label}, ${n} in flight`, h, more(h, n), `POST complete, durable, ${n} requests in flight`);
  });

/** `judged`: what the endpoints' shares are held to, said beside them (SQLite's). */
export const readRows = (http: Record<string, Measured>, judged?: (share: number) => string): Row[] =>
  (
    [
      ["baseline", "bare Bun.serve (baseline)"],
      ["me", "GET /api/me"],
      ["tasks", "GET /api/tasks/active"],
    ] as const
  ).map(([key, label]) => httpRow(key, label, http[key]!, judged && key !== "baseline" ? [judged(http[key]!.shareOfBaseline)] : []));

/** `limitMs`: a target the p99 is held to, said beside it. */
export const queryRows = (queries: Record<string, Latency>, limitMs?: number): Row[] =>
  Object.entries(queries).map(([name, l]) => ({
    key: name,
    label: name,
    result: `p99 ${ms(l.p99Ms)}`,
    detail: `median ${ms(l.medianMs)}${limitMs === undefined ? "" : `, target < ${limitMs} ms: ${l.p99Ms < limitMs ? "met" : "MISSED"}`}`,
  }));

export function broadcastRows(b: ServerResults["broadcast"], target?: { deliveries: number; seconds: number }): Row[] {
  let detail = `${b.queued} deliveries`;
  if (target) {
    const perTarget = (b.queueMs / 1000) * (target.deliveries / b.queued);
    detail += b.queued >= target.deliveries
      ? `, target ${target.deliveries} in < ${target.seconds} s: ${perTarget < target.seconds ? "met" : "MISSED"}`
      : `, ${perTarget.toFixed(2)} s per ${target.deliveries} at this rate (target < ${target.seconds} s, judged at ${target.deliveries} users)`;
  }
  return [
    { key: "queue", label: "queue broadcast to all", result: `${(b.queueMs / 1000).toFixed(2)} s`, detail },
    { key: "claim", label: "claim a batch after", result: ms(b.claimMs), detail: `${b.claimed} claimed` },
  ];
}

export function printTable(title: string, rows: Row[]): void {
  const w = [Math.max(...rows.map((x) => x.label.length)), Math.max(...rows.map((x) => x.result.length))];
  console.log(`\n${title}\n\n| measure | result | detail |\n|---|---|---|`);
  for (const r of rows) console.log(`| ${r.label.padEnd(w[0]!)} | ${r.result.padEnd(w[1]!)} | ${r.detail} |`);
}

/** Both engines' results side by side, in the first table's order, then what only the second has. */
export function printComparison(columns: [name: string, rows: Row[]][]): void {
  const keys: string[] = [];
  for (const [, rows] of columns) for (const r of rows) if (!keys.includes(r.key)) keys.push(r.key);
  const label = (key: string) => columns.map(([, rows]) => rows.find((r) => r.key === key)).map((r) => r?.common ?? r?.label).find(Boolean)!;
  const table = [["measure", ...columns.map(([name]) => name)], ...keys.map((key) => [label(key), ...columns.map(([, rows]) => rows.find((r) => r.key === key)?.result ?? "")])];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\nBoth engines, this run\n\n${line(table[0]!)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of table.slice(1)) console.log(line(row));
}
