// The facts of a case at a glance: score and status, money (balance, held), referrals, who
// referred this user, and the withdrawal waiting on the decision.
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { RiskCaseDto } from "@/api/contract.ts";
import { formatCount } from "@/web/shared/format.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { WithdrawalStatusBadge } from "@/web/shared/ui/withdrawal-status-badge.tsx";
import { RiskStatusBadge } from "@/web/admin/components/risk-status-badge.tsx";
import { accountHandle, accountName } from "@/web/admin/features/risk/account-name.ts";
import { heldTone } from "@/web/admin/features/risk/amounts.ts";
import { paths, riskCasePath } from "@/web/admin/paths.ts";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function CaseSummary({ risk }: { risk: RiskCaseDto }) {
  const { referrer, openWithdrawal } = risk;
  return (
    <dl data-testid="case-summary" className="panel grid grid-cols-2 gap-3 p-4 sm:grid-cols-3 sm:p-5 lg:grid-cols-6">
      <Fact label="Score">
        <span className="text-2xl font-bold tabular-nums">{risk.score}</span>
      </Fact>
      <Fact label="Status">
        <span className="flex flex-wrap gap-1">
          <RiskStatusBadge status={risk.status} />
          {risk.isBanned && <Badge tone="danger">Banned</Badge>}
        </span>
      </Fact>
      <Fact label="Balance">
        <UsdtAmount amount={risk.balanceUsdt} tone="neutral" />
      </Fact>
      <Fact label="Held">
        <UsdtAmount amount={risk.heldUsdt} tone={heldTone(risk.heldUsdt)} />
      </Fact>
      <Fact label="Referrals (qualified / invited)">
        <span className="tabular-nums">
          {formatCount(risk.qualifiedReferrals)} / {formatCount(risk.totalInvited)}
        </span>
      </Fact>
      <Fact label="Referred by">
        {referrer ? (
          <>
            <Link to={riskCasePath(referrer.id)} className="text-indigo-700 hover:underline">
              {accountName(referrer)}
            </Link>
            <span className="block text-xs font-normal text-slate-500">
              {accountHandle(referrer)} · #{referrer.id}
            </span>
          </>
        ) : (
          <span className="text-slate-500">Nobody</span>
        )}
      </Fact>
      <div className="col-span-2 min-w-0 rounded-lg bg-slate-50 p-3 sm:col-span-3 lg:col-span-6">
        <dt className="text-xs text-slate-500">Open withdrawal</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {openWithdrawal ? (
            <>
              <span>Request #{openWithdrawal.id}</span>
              <UsdtAmount amount={openWithdrawal.amountUsdt} size="small" />
              <WithdrawalStatusBadge status={openWithdrawal.status} />
              <Link to={`${paths.withdrawals}?status=${openWithdrawal.status}`} className="text-indigo-700 hover:underline">
                Show in withdrawals
              </Link>
            </>
          ) : (
            <span className="font-normal text-slate-500">None</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
