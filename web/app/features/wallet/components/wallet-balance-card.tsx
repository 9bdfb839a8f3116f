// The balance with the Withdraw action: possible only with at least the minimum and a wallet set,
// and while no earlier request is still open (the server allows one at a time).
import type { MeDto } from "@/api/contract.ts";
import { usdt } from "@/domain/money.ts";
import { BalanceFigure } from "@/web/app/components/balance-figure.tsx";
import { MainAction } from "@/web/app/components/main-action.tsx";
import { type I18n, useI18n } from "@/web/app/i18n/i18n.ts";
import { Card } from "@/web/shared/ui/card.tsx";
import { ArrowUpRightIcon } from "@/web/shared/ui/icons.tsx";

type Props = { me: MeDto | undefined; minimum: string; holdHours: number; hasOpenWithdrawal: boolean; onWithdraw: () => void };

function blocker({ t, amount }: I18n, me: MeDto, minimum: string, hasOpenWithdrawal: boolean): string | null {
  if (usdt(me.balanceUsdt) < usdt(minimum)) return t("wallet.reachMinimum", { amount: amount(minimum) });
  if (!me.walletBep20) return t("wallet.setWalletFirst");
  if (hasOpenWithdrawal) return t("wallet.openWithdrawal");
  return null;
}

export function WalletBalanceCard({ me, minimum, holdHours, hasOpenWithdrawal, onWithdraw }: Props) {
  const i18n = useI18n();
  const { t, amount } = i18n;
  const reason = me ? blocker(i18n, me, minimum, hasOpenWithdrawal) : "";
  return (
    <Card className="bg-accent! text-accent-fg">
      <BalanceFigure label={t("wallet.available")} me={me} testId="wallet-balance" />
      {me && usdt(me.heldUsdt) > 0 && (
        // Held referral bonuses are earned but not spendable yet, so they stand apart from the balance.
        <p className="mt-1 text-sm opacity-90" data-testid="wallet-held">
          {t("wallet.held", { amount: amount(me.heldUsdt), hours: Math.round(holdHours) })}
        </p>
      )}
      <p className="mt-1 text-xs opacity-80">{t("wallet.minimumLine", { amount: amount(minimum) })}</p>
      <MainAction
        text={t("common.withdraw")}
        icon={<ArrowUpRightIcon size={18} />}
        className="mt-4 bg-accent-fg! text-accent!"
        disabled={reason !== null}
        onPress={onWithdraw}
      />
      {reason && (
        <p className="mt-2 text-center text-xs opacity-85" data-testid="withdraw-blocker">
          {reason}
        </p>
      )}
    </Card>
  );
}
