// The balance with the Withdraw action: enabled only with at least the minimum and a wallet set,
// and while no earlier request is still open (the server allows one at a time).
import type { MeDto } from "@/api/http/contract.ts";
import { displayUsdt, usdt } from "@/domain/money.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { ArrowUpRightIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";

type Props = { me: MeDto | undefined; minimum: string; hasOpenWithdrawal: boolean; onWithdraw: () => void };

function blocker(me: MeDto, minimum: string, hasOpenWithdrawal: boolean): string | null {
  if (usdt(me.balanceUsdt) < usdt(minimum)) return `Reach ${displayUsdt(minimum)} USDT to withdraw.`;
  if (!me.walletBep20) return "Set your wallet below to withdraw.";
  if (hasOpenWithdrawal) return "Your withdrawal is being processed; you can request another once it is done.";
  return null;
}

export function WalletBalanceCard({ me, minimum, hasOpenWithdrawal, onWithdraw }: Props) {
  const reason = me ? blocker(me, minimum, hasOpenWithdrawal) : "";
  return (
    <Card className="bg-accent! text-accent-fg">
      <p className="text-sm opacity-80">Available Balance</p>
      <div className="mt-1 h-10" data-testid="wallet-balance">
        {me ? <UsdtAmount amount={me.balanceUsdt} size="large" variant="plain" /> : <Skeleton className="h-9 w-40 bg-accent-fg/30" />}
      </div>
      <p className="mt-1 text-xs opacity-80">BEP-20 (BSC) · Minimum withdrawal {displayUsdt(minimum)} USDT</p>
      <Button block size="lg" className="mt-4 bg-accent-fg! text-accent!" disabled={reason !== null} onClick={onWithdraw}>
        <ArrowUpRightIcon size={18} /> Withdraw
      </Button>
      {reason && <p className="mt-2 text-center text-xs opacity-85">{reason}</p>}
    </Card>
  );
}
