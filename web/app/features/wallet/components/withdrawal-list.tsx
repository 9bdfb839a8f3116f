// The user's withdrawal requests with status, dates, address and the payout transaction.
import type { Withdrawal, WithdrawalStatus } from "../../../api/types.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { ExternalLink } from "../../../components/ui/external-link.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { ExternalIcon, WalletIcon } from "../../../components/ui/icons.tsx";
import { ListSkeleton } from "../../../components/ui/skeleton.tsx";
import { UsdtAmount } from "../../../components/ui/usdt-amount.tsx";
import { formatDateTime, shortenAddress, shortenHash } from "../../../../shared/format.ts";

const statusTones: Record<WithdrawalStatus, "warning" | "accent" | "success" | "danger"> = { pending: "warning", approved: "accent", paid: "success", rejected: "danger" };
const statusLabels: Record<WithdrawalStatus, string> = { pending: "Pending", approved: "Approved", paid: "Paid", rejected: "Rejected" };

export function WithdrawalList({ withdrawals, explorerTxUrl }: { withdrawals: Withdrawal[] | undefined; explorerTxUrl: string }) {
  if (!withdrawals) return <ListSkeleton rows={3} />;
  if (withdrawals.length === 0) return <EmptyState icon={<WalletIcon size={28} />} text="No withdrawals yet" />;
  return (
    <ul className="divide-y divide-line" data-testid="withdrawals">
      {withdrawals.map((w) => (
        <li key={w.id} className="space-y-1.5 py-3 first:pt-0 last:pb-0">
          <div className="flex items-center justify-between gap-2">
            <UsdtAmount amount={w.amountUsdt} size="medium" />
            <Badge tone={statusTones[w.status]}>{statusLabels[w.status]}</Badge>
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
                    {shortenHash(w.txHash, 8)} <ExternalIcon size={12} />
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
