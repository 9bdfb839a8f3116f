// Each signal on the case: its name, what it means, the weight it adds to the score, when it was
// last seen, and its evidence as label and value rows.
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { RiskCaseDto } from "@/api/contract.ts";
import { formatCount } from "@/web/shared/format.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { evidenceLabel, signalAbout, signalLabel } from "@/web/admin/features/risk/signal-labels.ts";
import { riskCasePath } from "@/web/admin/paths.ts";
import { CaseSection } from "./case-section.tsx";

// Ids are names, not quantities: no thousands separators.
const identifiers = new Set(["tgId", "referrerTgId"]);

function evidenceValue(key: string, value: unknown): ReactNode {
  if (key === "referrerId" && typeof value === "number") {
    return (
      <Link to={riskCasePath(value)} className="text-indigo-700 hover:underline">
        User #{value}
      </Link>
    );
  }
  if (typeof value === "number") return identifiers.has(key) ? String(value) : formatCount(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return value || "(empty)";
  if (value === null || value === undefined) return "None";
  // A shape this build does not know yet: shown whole rather than hidden.
  return <code className="font-mono text-xs">{JSON.stringify(value)}</code>;
}

function Evidence({ evidence }: { evidence: Record<string, unknown> }) {
  const entries = Object.entries(evidence);
  if (entries.length === 0) return <p className="text-xs text-slate-500">No further evidence.</p>;
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-500">{evidenceLabel(key)}</dt>
          <dd className="min-w-0 font-medium break-words text-slate-900 tabular-nums">{evidenceValue(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SignalList({ signals, score }: { signals: RiskCaseDto["signals"]; score: number }) {
  return (
    <CaseSection id="signals" title="Signals" description={`Their weights add up to the score of ${score}.`} empty={signals.length === 0 && "No signals recorded"}>
      <ul className="divide-y divide-slate-100">
        {signals.map((s) => (
          <li key={s.name} data-testid="signal" className="space-y-2 px-4 py-3 sm:px-5">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {signalLabel(s.name)} <code className="ml-1 font-mono text-xs font-normal text-slate-500">{s.name}</code>
                </p>
                {signalAbout(s.name) && <p className="text-sm text-slate-500">{signalAbout(s.name)}</p>}
              </div>
              <div className="flex flex-col items-end gap-0.5">
                <Badge tone={s.weight > 0 ? "accent" : "neutral"}>
                  <span className="tabular-nums">+{s.weight}</span>
                </Badge>
                <span className="text-xs text-slate-500">{formatDateTime(s.at)}</span>
              </div>
            </div>
            <Evidence evidence={s.evidence} />
          </li>
        ))}
      </ul>
    </CaseSection>
  );
}
