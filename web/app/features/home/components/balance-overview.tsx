// Total Balance with Earned Today and Total Earned, and the way to withdraw.
import { Link } from "../../../lib/router.tsx";
import type { Me } from "../../../api/types.ts";
import { Card } from "../../../components/ui/card.tsx";
import { ArrowUpRightIcon } from "../../../components/ui/icons.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { UsdtAmount } from "../../../components/ui/usdt-amount.tsx";
import { displayUsdt } from "../../../../../api/domain/money.ts";

type Props = { me: Me | undefined; minWithdrawal: string; walletPath: string };

export function BalanceOverview({ me, minWithdrawal, walletPath }: Props) {
  return (
    <Card className="bg-accent! text-accent-fg">
      <p className="text-sm opacity-80">Total Balance</p>
      <div className="mt-1 h-10" data-testid="total-balance">
        {me ? <UsdtAmount amount={me.balanceUsdt} size="large" /> : <Skeleton className="h-9 w-40 bg-accent-fg/30" />}
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-accent-fg/15 p-3">
          <p className="text-xs opacity-80">Earned Today</p>
          <p className="mt-0.5 font-bold" data-testid="earned-today">{me ? `+${displayUsdt(me.earnedToday)} USDT` : "…"}</p>
        </div>
        <div className="rounded-xl bg-accent-fg/15 p-3">
          <p className="text-xs opacity-80">Total Earned</p>
          <p className="mt-0.5 font-bold">{me ? `${displayUsdt(me.totalEarned)} USDT` : "…"}</p>
        </div>
      </div>
      <Link to={walletPath} className="mt-4 flex h-11 items-center justify-center gap-2 rounded-xl bg-accent-fg font-semibold text-accent transition active:scale-[0.98]">
        <ArrowUpRightIcon size={18} /> Withdraw
        <span className="text-xs font-medium opacity-70">Min {displayUsdt(minWithdrawal)} USDT</span>
      </Link>
    </Card>
  );
}
