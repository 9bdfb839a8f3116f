// Total Balance with Earned Today and Total Earned, and the way to withdraw.
import type { MeDto } from "@/api/http/contract.ts";
import { displayUsdt } from "@/domain/money.ts";
import { Link } from "@/web/app/lib/router.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { ArrowUpRightIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";

type Props = { me: MeDto | undefined; minWithdrawal: string; walletPath: string };

export function BalanceOverview({ me, minWithdrawal, walletPath }: Props) {
  return (
    <Card className="bg-accent! text-accent-fg">
      <p className="text-sm opacity-80">Total Balance</p>
      <div className="mt-1 h-10" data-testid="total-balance">
        {me ? <UsdtAmount amount={me.balanceUsdt} size="large" variant="plain" /> : <Skeleton className="h-9 w-40 bg-accent-fg/30" />}
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
