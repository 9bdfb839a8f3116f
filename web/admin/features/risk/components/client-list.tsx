// Where this user opened the mini app (address and user agent, first seen), and every other
// account seen from the same client: the farm's tell, each linked to its own case.
import type { RiskCaseDto } from "@/api/contract.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { CaseLink } from "./case-link.tsx";
import { CaseSection } from "./case-section.tsx";

export function ClientList({ clients }: { clients: RiskCaseDto["clients"] }) {
  return (
    <CaseSection id="clients" title="Clients" description="Address and device the mini app was opened from, and who else used them." empty={clients.length === 0 && "No client recorded"}>
      <ul className="divide-y divide-slate-100">
        {clients.map((c) => (
          <li key={`${c.address}|${c.userAgent}`} data-testid="client" className="space-y-2 px-4 py-3 sm:px-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <code className="font-mono text-sm font-medium break-all text-slate-900">{c.address}</code>
              <span className="text-xs text-slate-500">First seen {formatDateTime(c.seenAt)}</span>
            </div>
            <p className="text-xs break-all text-slate-600" title={c.userAgent}>
              {c.userAgent || "No user agent"}
            </p>
            {c.sharedWith.length === 0 ? (
              <p className="text-xs text-slate-500">No other account seen here</p>
            ) : (
              <div className="text-sm">
                <p className="text-xs font-medium text-amber-700">Also seen here: {countOf(c.sharedWith.length, "other account")}</p>
                <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
                  {c.sharedWith.map((id) => (
                    <li key={id}>
                      <CaseLink id={id} />
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ul>
    </CaseSection>
  );
}
