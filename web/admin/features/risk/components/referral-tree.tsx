// The accounts this user referred, each with its profile, standing and risk, and a tick for the
// farm: the ticked ones are banned with the user when fraud is confirmed. "Select all" ticks
// every account listed, and where the case lists only the first of a longer tree, stands for all
// of them.
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import type { RiskCaseDto } from "@/api/contract.ts";
import { formatDate } from "@/web/shared/format-time.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { RiskStatusBadge } from "@/web/admin/components/risk-status-badge.tsx";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { accountHandle, accountName } from "@/web/admin/features/risk/account-name.ts";
import { riskCasePath } from "@/web/admin/paths.ts";
import { CaseSection } from "./case-section.tsx";

type Referred = RiskCaseDto["referred"];

const checkbox = "h-4 w-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500";

type ReferralTreeProps = {
  referred: Referred;
  /** How many accounts the user referred in all; the case lists the first of them. */
  total: number;
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** No ticks once the case is confirmed: there is nothing left to ban it with. */
  selectable: boolean;
};

export function ReferralTree({ referred, total, selected, onChange, selectable }: ReferralTreeProps) {
  const all = useRef<HTMLInputElement>(null);
  const count = referred.filter((r) => selected.has(r.id)).length;
  const every = referred.length > 0 && count === referred.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && !every;
  }, [count, every]);

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    onChange(next);
  };

  return (
    <CaseSection
      id="tree"
      title="Referral tree"
      description={
          total > referred.length
            ? `The first ${referred.length} of the ${countOf(total, "account")} this user referred${selectable ? "; Select all ticks all of them, the unlisted ones included" : ""}.`
            : `${countOf(referred.length, "account")} this user referred${selectable ? "; tick the farm to ban with them" : ""}.`
        }
      actions={selectable && referred.length > 0 ? <span className="text-sm text-slate-600 tabular-nums">{every && total > referred.length ? total : count} selected</span> : undefined}
      empty={referred.length === 0 && "This user referred nobody"}
    >
      <div className="overflow-x-auto">
        <table className="w-full min-w-[720px] text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-500">
            <tr>
              {selectable && (
                <th scope="col" className="w-10 px-4 py-2">
                  <input ref={all} type="checkbox" className={checkbox} aria-label="Select all" checked={every} onChange={() => onChange(every ? new Set() : new Set(referred.map((r) => r.id)))} />
                </th>
              )}
              {["Account", "Telegram ID", "Profile", "Risk", "Joined", "Qualified"].map((name) => (
                <th key={name} scope="col" className="px-3 py-2 font-medium">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {referred.map((r) => (
              <tr key={r.id} data-testid="referred-account" className={selected.has(r.id) ? "bg-rose-50/60" : undefined}>
                {selectable && (
                  <td className="px-4 py-2">
                    <input type="checkbox" className={checkbox} aria-label={`Select ${accountName(r)} (#${r.id})`} checked={selected.has(r.id)} onChange={() => toggle(r.id)} />
                  </td>
                )}
                <td className="px-3 py-2">
                  <Link to={riskCasePath(r.id)} className="font-medium text-indigo-700 hover:underline">
                    {accountName(r)}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {accountHandle(r)} · #{r.id}
                  </p>
                </td>
                <td className="px-3 py-2 text-slate-700 tabular-nums">{r.tgId}</td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap gap-1">
                    {r.isPremium ? <Badge tone="info">Premium</Badge> : <Badge>No Premium</Badge>}
                    {r.isBanned && <Badge tone="danger">Banned</Badge>}
                    {!r.channelJoined && <Badge>Not in channel</Badge>}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap items-center gap-1">
                    <span className="font-semibold text-slate-900 tabular-nums">{r.riskScore}</span>
                    {r.riskStatus && <RiskStatusBadge status={r.riskStatus} />}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDate(r.joinedAt)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700">{r.qualifiedAt ? formatDate(r.qualifiedAt) : <span className="text-slate-400">No</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </CaseSection>
  );
}
