// The stacked area chart in uPlot: activity, registrations and completions per day (or week),
// stacked bottom-up with each band filled between its series and the one below. The legend and
// the tooltip show each series' own value, not the stacked sum. Loaded lazily, so uPlot is only
// downloaded with the dashboard. A canvas cannot follow CSS, so the axes take the page's palette
// when drawn and are drawn again when the system switches between light and dark.
import { useEffect, useRef, useState } from "react";
import uPlot, { type AlignedData, type Options } from "uplot";
import "uplot/dist/uPlot.min.css";
import type { ActivityPointDto } from "@/api/contract.ts";
import type { ActivityRange } from "@/web/admin/features/dashboard/api/get-activity-stats.ts";

const SERIES = [
  { key: "activity", label: "Activity", stroke: "#4f46e5", fill: "rgba(79, 70, 229, 0.35)" },
  { key: "registrations", label: "Registrations", stroke: "#0ea5e9", fill: "rgba(14, 165, 233, 0.35)" },
  { key: "completions", label: "Completions", stroke: "#10b981", fill: "rgba(16, 185, 129, 0.35)" },
] as const;

const HEIGHT = 260;

function toSeconds(day: string): number {
  const [y, m, d] = day.split("-").map(Number);
  return Date.UTC(y!, m! - 1, d!) / 1000;
}

function dayLabel(seconds: number, range: ActivityRange, compact = false): string {
  const date = new Date(seconds * 1000);
  // A phone-wide chart has about 40 px per point: the day of the month (or month/day) fits there.
  if (compact) return range === "daily" ? String(date.getUTCDate()) : `${date.getUTCMonth() + 1}/${date.getUTCDate()}`;
  return range === "daily"
    ? date.toLocaleDateString("en-US", { weekday: "short", day: "numeric", timeZone: "UTC" })
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

function buildData(points: ActivityPointDto[]) {
  const xs = points.map((p) => toSeconds(p.day));
  const raw = SERIES.map((s) => points.map((p) => p[s.key]));
  const running = points.map(() => 0);
  const stacked = raw.map((values) => values.map((v, i) => (running[i]! += v)));
  return { xs, raw, data: [xs, ...stacked] as AlignedData };
}

type AxisColours = { text: string; grid: string; tick: string };

/** The axes' colours in the scheme in force, read from the palette that the dark scheme turns over. */
function axisColours(): AxisColours {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return { text: read("--color-slate-500", "#64748b"), grid: read("--color-slate-100", "#f1f5f9"), tick: read("--color-slate-200", "#e2e8f0") };
}

const darkQuery = "(prefers-color-scheme: dark)";

function useDarkScheme(): boolean {
  const [dark, setDark] = useState(() => matchMedia(darkQuery).matches);
  useEffect(() => {
    const query = matchMedia(darkQuery);
    const follow = () => setDark(query.matches);
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
  return dark;
}

function buildOptions(width: number, range: ActivityRange, xs: number[], raw: number[][], colours: AxisColours): Options {
  return {
    width,
    height: HEIGHT,
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
    series: [
      // Without a hovered point the legend shows the period's totals instead of uPlot's "--".
      { label: range === "daily" ? "Day" : "Week of", value: (_u, v) => (v == null ? (range === "daily" ? "last 7 days" : "last 8 weeks") : dayLabel(v, range)) },
      ...SERIES.map((s, index) => ({
        label: s.label,
        stroke: s.stroke,
        fill: s.fill,
        width: 2,
        points: { show: true, size: 5 },
        value: (_u: uPlot, _v: number | null, _seriesIdx: number, dataIdx: number | null) =>
          dataIdx == null ? String(raw[index]!.reduce((sum, v) => sum + v, 0)) : String(raw[index]![dataIdx] ?? 0),
      })),
    ],
    // Each band fills the area between a series and the one stacked under it.
    bands: [
      { series: [3, 2] as [number, number] },
      { series: [2, 1] as [number, number] },
    ],
    axes: [
      { splits: () => xs, values: (u, splits) => splits.map((s) => dayLabel(s, range, u.width < 560)), stroke: colours.text, grid: { stroke: colours.grid }, ticks: { stroke: colours.tick } },
      { stroke: colours.text, grid: { stroke: colours.grid }, ticks: { stroke: colours.tick }, size: 44 },
    ],
    cursor: { drag: { x: false, y: false } },
    legend: { show: true },
  };
}

export default function ActivityChart({ points, range }: { points: ActivityPointDto[]; range: ActivityRange }) {
  const target = useRef<HTMLDivElement>(null);
  const dark = useDarkScheme();

  useEffect(() => {
    const node = target.current!;
    const { xs, raw, data } = buildData(points);
    const chart = new uPlot(buildOptions(Math.max(node.clientWidth, 200), range, xs, raw, axisColours()), data, node);
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(node.clientWidth, 200), height: HEIGHT }));
    observer.observe(node);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [points, range, dark]);

  const label = `${range === "daily" ? "Daily" : "Weekly"} user activity: ${points.map((p) => `${p.day} activity ${p.activity}, registrations ${p.registrations}, completions ${p.completions}`).join("; ")}`;
  return <div ref={target} role="img" aria-label={label} data-testid="activity-chart" className="activity-chart w-full" />;
}
