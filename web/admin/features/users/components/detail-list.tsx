// Label/value rows for the user dialog's tabs.
import type { ReactNode } from "react";

/** Two columns even on a phone; a row marked wide (long values) takes both. */
export function DetailList({ rows }: { rows: Array<[string, ReactNode, "wide"?]> }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
      {rows.map(([label, value, wide]) => (
        <div key={label} className={wide ? "col-span-2 min-w-0" : "min-w-0"}>
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="text-sm font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatTile({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <p className="text-xs text-slate-500">{label}</p>
      <p className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{value}</p>
    </div>
  );
}
