// The user's withdrawal requests with status, dates, address and the payout transaction.
import type { WithdrawalDto } from "@/api/http/contract.ts";
import { ExternalLink } from "@/web/app/telegram/external-link.tsx";
import { shortenAddress, shortenHash } from "@/web/shared/format.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ExternalLinkIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";
import { ListSkeleton } from "@/web/shared/ui/skeleton.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { WithdrawalStatusBadge } from "@/web/shared/ui/withdrawal-status-badge.tsx";

export function WithdrawalList({ withdrawals, explorerTxUrl }: { withdrawals: WithdrawalDto[] | undefined; explorerTxUrl: string }) {
  if (!withdrawals) return <ListSkeleton rows={3} />;
  if (withdrawals.length === 0) {
    return (
      <EmptyState compact icon={<WalletIcon size={28} />}>
        No withdrawals yet
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-line" data-testid="withdrawals">
      {withdrawals.map((w) => (
        <li key={w.id} className="space-y-1.5 py-3 first:pt-0 last:pb-0">
          <div className="flex items-center justify-between gap-2">
            <UsdtAmount amount={w.amountUsdt} size="medium" variant="plain" />
            <WithdrawalStatusBadge status={w.status} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
            <dt className="text-hint">Requested</dt>
            <dd>{formatDateTime(w.createdAt)}</dd>
            <dt className="text-hint">Processed</dt>
            <dd className={w.processedAt ? "" : "text-hint"}>{w.processedAt ? formatDateTime(w.processedAt) : "Not yet"}</dd>
            <dt className="text-hint">Address</dt>
            <dd className="font-mono">{shortenAddress(w.addressBep20)}</dd>
            {w.txHash && (
              <>
                <dt className="text-hint">Transaction</dt>
                <dd>
                  <ExternalLink href={explorerTxUrl + w.txHash} className="inline-flex items-center gap-1 font-mono text-link">
                    {shortenHash(w.txHash, 8)} <ExternalLinkIcon size={12} />
                  </ExternalLink>
                </dd>
              </>
            )}
            {w.failReason && (
              <>
                <dt className="text-hint">Reason</dt>
                <dd className="text-danger">{w.failReason}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
