// The user's withdrawal requests with status, dates, address and the payout transaction.
import type { OwnWithdrawalDto } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { ExternalLink } from "@/web/app/telegram/external-link.tsx";
import { shortenAddress, shortenHash } from "@/web/shared/format.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ExternalLinkIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";
import { ListSkeleton } from "@/web/shared/ui/skeleton.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { WithdrawalStatusBadge } from "@/web/shared/ui/withdrawal-status-badge.tsx";

export function WithdrawalList({ withdrawals, explorerTxUrl }: { withdrawals: OwnWithdrawalDto[] | undefined; explorerTxUrl: string }) {
  const { t, label, dateTime, language } = useI18n();
  if (!withdrawals) return <ListSkeleton rows={3} label={t("common.loading")} />;
  if (withdrawals.length === 0) {
    return (
      <EmptyState compact icon={<WalletIcon size={28} />}>
        {t("wallet.noWithdrawals")}
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-line" data-testid="withdrawals">
      {withdrawals.map((w) => (
        <li key={w.id} className="space-y-1.5 py-3 first:pt-0 last:pb-0">
          <div className="flex items-center justify-between gap-2">
            <UsdtAmount amount={w.amountUsdt} size="medium" variant="plain" locale={language} />
            <WithdrawalStatusBadge status={w.status} label={label("withdrawalStatus", w.status)} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-0.5 text-xs">
            <dt className="text-hint">{t("wallet.requested")}</dt>
            <dd>{dateTime(w.createdAt)}</dd>
            <dt className="text-hint">{t("wallet.processed")}</dt>
            <dd className={w.processedAt ? "" : "text-hint"}>{w.processedAt ? dateTime(w.processedAt) : t("wallet.notYet")}</dd>
            <dt className="text-hint">{t("wallet.address")}</dt>
            <dd className="font-mono">{shortenAddress(w.addressBep20)}</dd>
            {w.txHash && (
              <>
                <dt className="text-hint">{t("wallet.transaction")}</dt>
                <dd>
                  <ExternalLink href={explorerTxUrl + w.txHash} className="inline-flex min-h-11 items-center gap-1 font-mono text-link">
                    {shortenHash(w.txHash, 8)} <ExternalLinkIcon size={12} />
                  </ExternalLink>
                </dd>
              </>
            )}
            {w.failReason && (
              <>
                <dt className="text-hint">{t("wallet.reason")}</dt>
                <dd className="text-danger">{w.failReason}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
