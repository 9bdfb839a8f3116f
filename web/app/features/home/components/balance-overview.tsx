// Total Balance with Earned Today and Total Earned, and the way to withdraw.
import type { MeDto } from "@/api/contract.ts";
import { BalanceFigure } from "@/web/app/components/balance-figure.tsx";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Link } from "@/web/app/lib/router.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { ArrowUpRightIcon } from "@/web/shared/ui/icons.tsx";

type Props = { me: MeDto | undefined; minWithdrawal: string; walletPath: string };

export function BalanceOverview({ me, minWithdrawal, walletPath }: Props) {
  const { t, usdt, amount } = useI18n();
  return (
    <Card className="bg-accent! text-accent-fg">
      <BalanceFigure label={t("home.totalBalance")} me={me} testId="total-balance" />
      <div className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-accent-fg/15 p-3">
          <p className="text-xs opacity-80">{t("common.earnedToday")}</p>
          <p className="mt-0.5 font-bold" data-testid="earned-today">{me ? `+${usdt(me.earnedToday)}` : "…"}</p>
        </div>
        <div className="rounded-xl bg-accent-fg/15 p-3">
          <p className="text-xs opacity-80">{t("common.totalEarned")}</p>
          <p className="mt-0.5 font-bold">{me ? usdt(me.totalEarned) : "…"}</p>
        </div>
      </div>
      <Link to={walletPath} className="mt-4 flex min-h-11 flex-wrap items-center justify-center gap-x-2 rounded-xl bg-accent-fg px-3 py-1 font-semibold text-accent transition active:scale-[0.98]">
        <span className="flex items-center gap-2">
          <ArrowUpRightIcon size={18} /> {t("common.withdraw")}
        </span>
        <span className="text-xs font-medium opacity-70">{t("home.minWithdrawal", { amount: amount(minWithdrawal) })}</span>
      </Link>
    </Card>
  );
}
