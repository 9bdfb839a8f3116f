// What confirming fraud did: who was banned, the withdrawals refunded, the held and paid bonuses
// taken back, with totals, and, set apart, the bonuses that could not be taken back because the
// referrer had already spent them (for the operator to follow up by hand).
import type { RiskConfirmDto } from "@/api/contract.ts";
import { displayUsdt } from "@/domain/money.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { AlertIcon, CircleCheckIcon, XIcon } from "@/web/shared/ui/icons.tsx";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { usdtTotal } from "@/web/admin/features/risk/amounts.ts";
import { CaseLink } from "./case-link.tsx";

type Moves = RiskConfirmDto["bonusesReversed"];

function UserLink({ id }: { id: number }) {
  return <CaseLink id={id} className="font-medium" />;
}

function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <p className="text-xs text-slate-500">{label}</p>
      <p className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{value}</p>
      {detail && <p className="text-xs text-slate-500 tabular-nums">{detail}</p>}
    </div>
  );
}

function MoveList({ moves }: { moves: Moves }) {
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      {moves.map((m) => (
        <li key={`${m.referredId}-${m.referrerId}-${m.amount}`}>
          {displayUsdt(m.amount)} USDT: bonus of <UserLink id={m.referrerId} /> for referring <UserLink id={m.referredId} />
        </li>
      ))}
    </ul>
  );
}

export function FraudReport({ report, onDismiss }: { report: RiskConfirmDto; onDismiss: () => void }) {
  const { banned, withdrawalsRefunded, holdsReversed, bonusesReversed, notReversed } = report;
  return (
    <Card aria-labelledby="fraud-report-title" data-testid="fraud-report">
      <CardHeader
        icon={<CircleCheckIcon className="h-5 w-5 text-emerald-600" />}
        title={<span id="fraud-report-title">Fraud confirmed</span>}
        description="What the decision did. The audit log keeps this report too."
        actions={
          <Button variant="ghost" size="icon" aria-label="Dismiss the report" onClick={onDismiss}>
            <XIcon />
          </Button>
        }
      />
      <div className="space-y-4 p-4 sm:p-5">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Tile label="Banned" value={countOf(banned.length, "account")} />
          <Tile label="Withdrawals refunded" value={`${usdtTotal(withdrawalsRefunded)} USDT`} detail={countOf(withdrawalsRefunded.length, "request")} />
          <Tile label="Held bonuses reversed" value={`${usdtTotal(holdsReversed)} USDT`} detail={countOf(holdsReversed.length, "hold")} />
          <Tile label="Paid bonuses taken back" value={`${usdtTotal(bonusesReversed)} USDT`} detail={countOf(bonusesReversed.length, "bonus", "bonuses")} />
        </div>

        {notReversed.length > 0 ? (
          <div role="note" data-testid="not-reversed" className="flex gap-2 rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">
            <AlertIcon className="mt-0.5 h-4 w-4 shrink-0 text-rose-600" />
            <div className="min-w-0 space-y-1">
              <p className="font-semibold">
                Not taken back: <span className="tabular-nums">{usdtTotal(notReversed)} USDT</span>
              </p>
              <p>The referrer had already spent these bonuses (withdrawn or paid out); nothing was taken below zero.</p>
              <MoveList moves={notReversed} />
            </div>
          </div>
        ) : (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">Every bonus these accounts produced was taken back.</p>
        )}

        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">Details</summary>
          <div className="mt-3 space-y-3">
            <p className="flex flex-wrap gap-x-2 gap-y-1 text-slate-700">
              <span className="text-slate-500">Banned:</span>
              {banned.map((id) => (
                <UserLink key={id} id={id} />
              ))}
            </p>
            {withdrawalsRefunded.length > 0 && (
              <ul className="space-y-1 text-slate-700">
                {withdrawalsRefunded.map((w) => (
                  <li key={w.id}>
                    Withdrawal #{w.id} of <UserLink id={w.userId} /> refunded: {displayUsdt(w.amount)} USDT
                  </li>
                ))}
              </ul>
            )}
            {holdsReversed.length > 0 && (
              <div>
                <p className="text-slate-500">Held bonuses reversed</p>
                <MoveList moves={holdsReversed} />
              </div>
            )}
            {bonusesReversed.length > 0 && (
              <div>
                <p className="text-slate-500">Paid bonuses taken back</p>
                <MoveList moves={bonusesReversed} />
              </div>
            )}
          </div>
        </details>
      </div>
    </Card>
  );
}
