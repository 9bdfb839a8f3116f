// The confirmation every withdrawal action goes through (withdrawals page and dashboard alike):
// approve asks to confirm; reject needs a reason; mark as paid needs the transaction hash
// (0x + 64 hex). The confirm button stays disabled until the input is valid. A hash that already
// paid another request is refused by the server (409 TX_HASH_USED), and so, with BSC_RPC_URL set,
// is one that does not pay this request on chain (TX_NOT_FOUND, TX_WRONG_AMOUNT …); the message
// stays under the hash field until the hash is changed. The success toast names the request and
// what happened: paid, or found on chain and waiting for its confirmations.
import { useEffect, useState } from "react";
import type { WithdrawalDto } from "@/api/contract.ts";
import { displayUsdt } from "@/domain/money.ts";
import { txHashPattern } from "@/domain/rules.ts";
import { shortenAddress } from "@/web/shared/format.ts";
import { ApiError } from "@/web/shared/http.ts";
import { toast } from "@/web/shared/toast.ts";
import { InputField, TextareaField } from "@/web/shared/ui/field.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { processWithdrawal, type WithdrawalAction } from "@/web/admin/features/withdrawals/api/process-withdrawal.ts";
import { requesterName } from "@/web/admin/features/withdrawals/requester-name.ts";
import { useHotWallet } from "@/web/admin/features/withdrawals/api/get-hot-wallet.ts";

export type PendingAction = { withdrawal: WithdrawalDto; action: WithdrawalAction };

const copy: Record<WithdrawalAction, { title: string; description: string; confirm: string; busy: string; done: string; variant: "success" | "danger" | "primary" }> = {
  approve: { title: "Approve Withdrawal", description: "Approve this request for payment. You mark it as paid once the transfer is sent.", confirm: "Approve", busy: "Approving...", done: "approved", variant: "success" },
  reject: { title: "Reject Withdrawal", description: "Reject this request. The amount goes back to the user's balance.", confirm: "Reject", busy: "Rejecting...", done: "rejected", variant: "danger" },
  paid: { title: "Mark as Paid", description: "Record the BEP-20 transfer that paid this request.", confirm: "Mark as Paid", busy: "Saving...", done: "marked as paid", variant: "primary" },
  send: {
    title: "Send from Hot Wallet",
    description: "Sign and send this amount in USDT from the server's hot wallet. The transfer is recorded before it is sent, and never sent twice.",
    confirm: "Send",
    busy: "Sending...",
    done: "sent",
    variant: "primary",
  },
};

/** What the hot wallet holds and sent today, so the admin sees the float and the cap before sending. */
function HotWalletFacts() {
  const { wallet } = useHotWallet();
  if (!wallet) return null;
  return (
    <p data-testid="hot-wallet-facts" className="text-sm text-slate-600">
      Hot wallet <span className="font-mono text-xs">{shortenAddress(wallet.address)}</span> holds {displayUsdt(wallet.usdt)} USDT and {wallet.bnb} BNB for gas; sent today{" "}
      {displayUsdt(wallet.sentToday)} of {displayUsdt(wallet.dailyLimit)} USDT (largest transfer {displayUsdt(wallet.maxTransfer)}).
    </p>
  );
}

export function WithdrawalActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [txHash, setTxHash] = useState("");
  const [usedHash, setUsedHash] = useState<{ hash: string; message: string } | null>(null);
  useEffect(() => {
    setReason("");
    setTxHash("");
    setUsedHash(null);
  }, [pending]);

  const { mutate, isPending } = useMutation(async () => {
    if (!pending) return;
    const hash = txHash.trim();
    let result: Awaited<ReturnType<typeof processWithdrawal>>;
    try {
      result = await processWithdrawal(pending.withdrawal.id, pending.action, { reason: reason.trim(), txHash: hash });
    } catch (error) {
      // Under the field the hash is the one just typed: its 66 characters would not wrap.
      if (error instanceof ApiError && error.code?.startsWith("TX_")) setUsedHash({ hash, message: error.message.replace(/^Transaction 0x[0-9a-f]{64} /i, "This transaction ") });
      throw error;
    }
    if (result.status === "confirming") {
      const how = pending.action === "send" ? `Sent from the hot wallet (tx ${result.txHash?.slice(0, 10)}…)` : "Found on chain";
      toast({ title: `Withdrawal #${pending.withdrawal.id} sent`, description: `${how}: it becomes paid, and the user is told, once it has enough confirmations.`, variant: "success" });
      onClose();
      return;
    }
    const { withdrawal, action } = pending;
    const amount = `${displayUsdt(withdrawal.amountUsdt)} USDT`;
    const who = requesterName(withdrawal);
    const description = { approve: `${amount} for ${who}: mark it as paid once the transfer is sent.`, reject: `${amount} went back to ${who}'s balance.`, paid: `${amount} paid to ${who}.`, send: `${amount} sent to ${who}.` }[action];
    toast({ title: `Withdrawal #${withdrawal.id} ${copy[action].done}`, description, variant: "success" });
    onClose();
  });

  if (!pending) return null;
  const { withdrawal, action } = pending;
  const text = copy[action];
  const hash = txHash.trim();
  const hashInvalid = hash !== "" && !txHashPattern.test(hash);
  const hashUsed = usedHash !== null && usedHash.hash === hash ? usedHash.message : undefined;
  const ready = action === "approve" || action === "send" || (action === "reject" ? reason.trim() !== "" : txHashPattern.test(hash) && !hashUsed);

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={mutate}
      title={text.title}
      description={text.description}
      facts={[
        ["Request", `#${withdrawal.id} by ${requesterName(withdrawal)}`],
        ["Amount", <UsdtAmount key="amount" amount={withdrawal.amountUsdt} size="small" />],
        [
          "Wallet",
          <span key="wallet" className="font-mono text-xs break-all" title={withdrawal.addressBep20}>
            {shortenAddress(withdrawal.addressBep20)}
          </span>,
        ],
      ]}
      confirmLabel={text.confirm}
      busyLabel={text.busy}
      variant={text.variant}
      busy={isPending}
      ready={ready}
    >
      {action === "reject" && (
        <TextareaField label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} placeholder="Why the request is rejected (the user sees it)" hint="Required." />
      )}
      {action === "paid" && (
        <InputField
          label="Transaction hash"
          required
          value={txHash}
          onChange={(e) => setTxHash(e.target.value)}
          placeholder="0x..."
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          error={hashInvalid ? "A transaction hash is 0x followed by 64 hex characters" : hashUsed}
          hint="Required: 0x followed by 64 hex characters."
        />
      )}
      {action === "approve" && <p className="text-sm text-slate-600">Approve this withdrawal of {displayUsdt(withdrawal.amountUsdt)} USDT?</p>}
      {action === "send" && <HotWalletFacts />}
      {withdrawal.status === "review" && action !== "paid" && (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          This user is flagged by the risk checks. Deciding here skips their risk review; the user stays flagged.
        </p>
      )}
    </ConfirmDialog>
  );
}
