// One user in the review queue: who (name, username, Telegram ID), score and status, balance and
// held amount, referrals, and the signals that put them there. The name opens their case.
import { Link } from "react-router-dom";
import type { FlaggedUserDto } from "@/api/contract.ts";
import { formatCount } from "@/web/shared/format.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { RiskScore, RiskStatusBadge } from "@/web/admin/components/risk-status-badge.tsx";
import { accountHandle, accountName } from "@/web/admin/features/risk/account-name.ts";
import { heldTone } from "@/web/admin/features/risk/amounts.ts";
import { riskCasePath } from "@/web/admin/paths.ts";
import { SignalChips } from "./signal-chips.tsx";
import { Fact } from "@/web/admin/components/fact.tsx";

export function FlaggedRow({ user }: { user: FlaggedUserDto }) {
  return (
    <li data-testid="flagged-user" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={riskCasePath(user.userId)} className="font-semibold break-words text-indigo-700 hover:text-indigo-900 hover:underline">
            {accountName(user)}
          </Link>
          <p className="text-xs text-slate-500">
            {accountHandle(user)} · Telegram ID <span className="tabular-nums">{user.tgId}</span> · #{user.userId}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <RiskScore score={user.score} status={user.status} />
          <RiskStatusBadge status={user.status} />
          {user.isBanned && <Badge tone="danger">Banned</Badge>}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-xs sm:grid-cols-3">
        <Fact label="Balance" className="">
          <UsdtAmount amount={user.balanceUsdt} size="small" tone="neutral" />
        </Fact>
        <Fact label="Held" className="">
          <UsdtAmount amount={user.heldUsdt} size="small" tone={heldTone(user.heldUsdt)} />
        </Fact>
        <Fact label="Referrals (qualified / invited)" className="font-medium text-slate-800 tabular-nums">
          {formatCount(user.qualifiedReferrals)} / {formatCount(user.totalInvited)}
        </Fact>
      </dl>
      <div className="mt-3 border-t border-slate-100 pt-3">
        <SignalChips signals={user.signals} />
      </div>
    </li>
  );
}
