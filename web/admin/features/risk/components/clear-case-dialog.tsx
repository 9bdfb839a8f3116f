// Clearing a flagged user: not fraud, so the flag goes, their held bonuses are paid when due, and
// a withdrawal waiting in review joins the pending queue.
import { displayUsdt } from "@/domain/money.ts";
import { toast } from "@/web/shared/toast.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { clearRisk } from "@/web/admin/features/risk/api/decide-case.ts";
import { DecisionDialog, type CaseDecisionProps } from "./decision-dialog.tsx";

export function ClearCaseDialog({ decide, ...decision }: CaseDecisionProps) {
  const { risk, name, onClose } = decision;
  const withdrawal = risk.openWithdrawal;
  const clear = useMutation(async () => {
    const result = await decide(() => clearRisk(risk.userId));
    toast({
      title: `${name} cleared`,
      description: result.withdrawalToPending ? `Withdrawal #${result.withdrawalToPending} moved to the pending queue.` : "No withdrawal was waiting in review.",
      variant: "success",
    });
    onClose();
  });

  return (
    <DecisionDialog
      {...decision}
      onConfirm={clear.mutate}
      title="Clear this user"
      description="Not fraud: the flag goes, and their held bonuses are paid when their time comes."
      facts={[["Score", String(risk.score)]]}
      confirmLabel="Clear"
      busyLabel="Clearing..."
      variant="success"
      busy={clear.isPending}
      ready={risk.status === "flagged"}
    >
      {withdrawal?.status === "review" && (
        <p className="text-sm text-slate-600">
          Withdrawal #{withdrawal.id} of {displayUsdt(withdrawal.amountUsdt)} USDT moves from review to the pending queue.
        </p>
      )}
    </DecisionDialog>
  );
}
