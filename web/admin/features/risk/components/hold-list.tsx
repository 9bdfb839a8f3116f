// The referral bonuses this user earned that wait out their settling period (or did): for whom,
// why, how much, where each stands and when it is due.
import type { RiskCaseDto } from "@/api/contract.ts";
import { ledgerReasonLabel } from "@/domain/labels.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";
import { Badge, type BadgeTone } from "@/web/shared/ui/badge.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { CaseLink } from "./case-link.tsx";
import { CaseSection } from "./case-section.tsx";

const statuses: Record<string, { label: string; tone: BadgeTone }> = {
  held: { label: "Held", tone: "warning" },
  released: { label: "Released", tone: "success" },
  forfeited: { label: "Forfeited", tone: "neutral" },
  reversed: { label: "Reversed", tone: "danger" },
};

export function HoldList({ holds }: { holds: RiskCaseDto["holds"] }) {
  return (
    <CaseSection id="holds" title="Holds" description="Referral bonuses kept apart from the balance until their release time." empty={holds.length === 0 && "No held bonuses"}>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[560px] text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-500">
            <tr>
              {["Referred", "Reason", "Amount", "Status", "Release"].map((name, i) => (
                <th key={name} scope="col" className={`${i === 0 ? "px-4" : "px-3"} py-2 font-medium`}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {holds.map((h) => {
              const status = statuses[h.status] ?? { label: h.status, tone: "neutral" as const };
              return (
                <tr key={`${h.referredId}-${h.reason}`} data-testid="hold">
                  <td className="px-4 py-2">
                    <CaseLink id={h.referredId} />
                  </td>
                  <td className="px-3 py-2 text-slate-700">{ledgerReasonLabel(h.reason)}</td>
                  <td className="px-3 py-2">
                    <UsdtAmount amount={h.amountUsdt} size="small" tone={status.tone} />
                  </td>
                  <td className="px-3 py-2">
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                    {formatDateTime(h.releaseAt)}
                    {h.settledAt && <span className="block text-xs text-slate-500">settled {formatDateTime(h.settledAt)}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </CaseSection>
  );
}
