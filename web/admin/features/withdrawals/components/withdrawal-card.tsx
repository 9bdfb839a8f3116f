// One withdrawal request: who, request id, date, amount, status, wallet (copy, explorer),
// transaction hash (first 16 characters, copy, explorer), rejection reason, and the actions its
// status allows: Approve and Reject when pending or in review (a flagged user's request, which
// also links to their risk case), Mark as Paid when approved. A banned user's request carries a
// Banned badge, and Approve and Mark as Paid are disabled: the server refuses them. Beside the
// hash, whether it was checked on chain (BSC_RPC_URL); a confirming payout says it waits for its
// blocks, and one that came back from the chain says why and may be rejected. With a hot wallet on
// the server, an approved request may be sent from it.
import { Link } from "react-router-dom";
import type { WithdrawalDto } from "@/api/contract.ts";
import { shortenHash } from "@/web/shared/format.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Button } from "@/web/shared/ui/button.tsx";
import { CopyButton } from "@/web/shared/ui/copy-button.tsx";
import { AlertIcon, CheckIcon, CircleCheckIcon, ClockIcon, ExternalLinkIcon, WalletIcon, XIcon } from "@/web/shared/ui/icons.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { WithdrawalStatusBadge } from "@/web/shared/ui/withdrawal-status-badge.tsx";
import { useAccess } from "@/web/admin/lib/access.ts";
import { explorerUrls, useConfig } from "@/web/admin/lib/config.ts";
import { riskCasePath } from "@/web/admin/paths.ts";
import type { WithdrawalAction } from "@/web/admin/features/withdrawals/api/process-withdrawal.ts";
import { requesterName } from "@/web/admin/features/withdrawals/requester-name.ts";
import { useHotWallet } from "@/web/admin/features/withdrawals/api/get-hot-wallet.ts";

function ExplorerLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      <ExternalLinkIcon />
    </a>
  );
}

const bannedTitle = (w: WithdrawalDto) => (w.userBanned ? "The user is banned: the server refuses to approve or pay this request" : undefined);

export function WithdrawalCard({ withdrawal: w, onAction }: { withdrawal: WithdrawalDto; onAction: (action: WithdrawalAction) => void }) {
  const explorer = explorerUrls(useConfig().data);
  // A viewer sees the request, not the buttons the server would refuse them.
  const canAct = useAccess().can("withdrawals:write");
  const hotWallet = useHotWallet().wallet;
  return (
    <article data-testid="withdrawal-card" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-all text-slate-900">{requesterName(w)}</h3>
            <WithdrawalStatusBadge status={w.status} />
            {w.userBanned && <Badge tone="danger">Banned</Badge>}
          </div>
          <p className="mt-0.5 text-xs text-slate-500">
            Request #{w.id} · {formatDateTime(w.createdAt)}
            {w.processedAt && ` · processed ${formatDateTime(w.processedAt)}`}
          </p>
        </div>
        {/* A rejected request's amount never left: it is not shown in the green of money paid out. */}
        <UsdtAmount amount={w.amountUsdt} size="large" tone={w.status === "rejected" ? "neutral" : "success"} />
      </div>

      <div className="mt-3 space-y-2">
        <div className="flex items-center gap-1 rounded-lg bg-slate-50 py-1 pr-1 pl-3">
          <span className="shrink-0 text-xs text-slate-500">Wallet</span>
          <code className="min-w-0 flex-1 truncate px-2 font-mono text-xs text-slate-800" title={w.addressBep20}>
            {w.addressBep20}
          </code>
          <CopyButton value={w.addressBep20} label="Copy wallet address" />
          <ExplorerLink href={explorer.address(w.addressBep20)} label="View wallet on BscScan" />
        </div>
        {w.txHash && (
          <div className="flex items-center gap-1 rounded-lg bg-emerald-50 py-1 pr-1 pl-3">
            <span className="shrink-0 text-xs text-emerald-700">Tx hash</span>
            <code className="min-w-0 flex-1 truncate px-2 font-mono text-xs text-slate-800" title={w.txHash}>
              {shortenHash(w.txHash, 16)}
            </code>
            <CopyButton value={w.txHash} label="Copy transaction hash" />
            <ExplorerLink href={explorer.tx(w.txHash)} label="View transaction on BscScan" />
          </div>
        )}
        {w.txHash && (
          <p data-testid="tx-check" className={`flex items-center gap-1.5 px-1 text-xs ${w.txChecked ? "text-emerald-700" : "text-amber-700"}`}>
            {w.txChecked ? <CircleCheckIcon className="h-3.5 w-3.5" /> : <AlertIcon className="h-3.5 w-3.5" />}
            {w.txChecked
              ? `Checked on chain: mined in block ${w.txBlock}, pays this address exactly this amount`
              : // Only a hot wallet's transfer is confirming before it was seen in a block: typed hashes are looked up first.
                w.status === "confirming"
                ? "Sent from the hot wallet: not seen in a block yet"
                : "Not checked on chain: recorded as typed"}
          </p>
        )}
        {w.status === "confirming" && (
          <p data-testid="confirming-note" className="flex items-start gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
            <ClockIcon className="mt-0.5 h-4 w-4 shrink-0" />
            Sent: waiting for confirmations on chain. It becomes paid, and the user is told, once enough blocks are on top of it.
          </p>
        )}
        {w.status === "approved" && w.returnReason && (
          <p data-testid="return-note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span className="font-medium">Came back from the chain:</span> {w.returnReason}
          </p>
        )}
        {w.failReason && (
          <p className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
            <span className="font-medium">Rejection reason:</span> {w.failReason}
          </p>
        )}
      </div>

      {(w.status === "review" || w.status === "pending" || w.status === "approved") && (canAct || w.status === "review" || w.userBanned) && (
        <div className="mt-4 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-3">
          {w.status === "review" && (
            <Link to={riskCasePath(w.userId)} className="mr-auto text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline">
              Open risk case
            </Link>
          )}
          {w.userBanned && (
            <p data-testid="banned-note" className="mr-auto text-sm text-rose-700">
              The user is banned: approving and paying are refused.
            </p>
          )}
          {canAct && (w.status === "review" || w.status === "pending") && (
            <>
              <Button variant="outline" size="sm" onClick={() => onAction("reject")}>
                <XIcon />
                Reject
              </Button>
              <Button variant="success" size="sm" disabled={w.userBanned} title={bannedTitle(w)} onClick={() => onAction("approve")}>
                <CheckIcon />
                Approve
              </Button>
            </>
          )}
          {canAct && w.status === "approved" && w.returnReason && (
            <Button variant="outline" size="sm" onClick={() => onAction("reject")}>
              <XIcon />
              Reject
            </Button>
          )}
          {canAct && w.status === "approved" && hotWallet && (
            <Button variant="outline" size="sm" disabled={w.userBanned} title={bannedTitle(w)} onClick={() => onAction("send")}>
              <WalletIcon />
              Send from hot wallet
            </Button>
          )}
          {canAct && w.status === "approved" && (
            <Button size="sm" disabled={w.userBanned} title={bannedTitle(w)} onClick={() => onAction("paid")}>
              <CircleCheckIcon />
              Mark as Paid
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
