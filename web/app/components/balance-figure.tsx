// The large balance at the top of an accent card (Home's total, the wallet's available amount),
// held at its height by a placeholder until the user is loaded.
import type { MeDto } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";

export function BalanceFigure({ label, me, testId }: { label: string; me: MeDto | undefined; testId: string }) {
  const { language } = useI18n();
  return (
    <>
      <p className="text-sm opacity-80">{label}</p>
      <div className="mt-1 h-10" data-testid={testId}>
        {me ? <UsdtAmount amount={me.balanceUsdt} size="large" variant="plain" locale={language} /> : <Skeleton className="h-9 w-40 bg-accent-fg/30" />}
      </div>
    </>
  );
}
