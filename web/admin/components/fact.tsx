// One labelled figure on a card (a <dt>/<dd> pair inside the card's <dl>): the label small and
// grey above, the value below; `className` adds to the value (its colour, a flex row for an icon).
import type { ReactNode } from "react";

export function Fact({ label, className = "font-medium text-slate-800", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`mt-0.5 ${className}`}>{children}</dd>
    </div>
  );
}
