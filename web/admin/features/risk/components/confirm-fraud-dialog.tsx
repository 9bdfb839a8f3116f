// Confirming fraud: the user and the referred accounts chosen in the tree (the farm) are banned,
// their open withdrawals refunded and the referral bonuses they produced taken back.
import type { RiskConfirmDto } from "@/api/contract.ts";
import { toast } from "@/web/shared/toast.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { confirmFraud } from "@/web/admin/features/risk/api/decide-case.ts";
import { banSummary, farmChoice, farmFact, farmSize, type Farm } from "@/web/admin/features/risk/farm.ts";
import { DecisionDialog, type CaseDecisionProps } from "./decision-dialog.tsx";

type ConfirmFraudDialogProps = CaseDecisionProps & { farm: Farm; onConfirmed: (report: RiskConfirmDto) => void };

export function ConfirmFraudDialog({ farm, onConfirmed, decide, ...decision }: ConfirmFraudDialogProps) {
  const { risk, name, onClose } = decision;
  const confirm = useMutation(async () => {
    const report = await decide(() => confirmFraud(risk.userId, farmChoice(farm)));
    toast({ title: "Fraud confirmed", description: `${countOf(report.banned.length, "account")} banned.`, variant: "success" });
    onClose();
    onConfirmed(report);
  });

  return (
    <DecisionDialog
      {...decision}
      onConfirm={confirm.mutate}
      title="Confirm fraud"
      description="Bans the accounts below, refunds their open withdrawals and takes back the referral bonuses they produced, as far as balances allow."
      facts={[["Referred accounts", farmFact(farm)]]}
      confirmLabel={`Ban ${countOf(1 + farmSize(farm), "account")}`}
      busyLabel="Confirming..."
      variant="danger"
      busy={confirm.isPending}
      ready={risk.status !== "confirmed"}
    >
      <p data-testid="ban-count" className="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm font-medium text-rose-800">
        {banSummary(name, farm)}
      </p>
    </DecisionDialog>
  );
}
