// The confirmation every decision on a case goes through: who it is about first, the decision's
// own facts, the open withdrawal it may move, and a refusal in the server's words at the end.
import type { ComponentProps, ReactNode } from "react";
import type { RiskCaseDto } from "@/api/contract.ts";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { WithdrawalStatusBadge } from "@/web/shared/ui/withdrawal-status-badge.tsx";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import type { Decide } from "./use-decision.ts";

/** What every decision's dialog is given: the case, its dialog's state, and how to run the decision. */
export type CaseDecisionProps = { risk: RiskCaseDto; name: string; open: boolean; onClose: () => void; failure: string | null; decide: Decide };

type DecisionDialogProps = Omit<ComponentProps<typeof ConfirmDialog>, "facts"> &
  Omit<CaseDecisionProps, "decide"> & {
    /** The rows between the user and the open withdrawal. */
    facts: Array<[label: string, value: ReactNode]>;
  };

export function DecisionDialog({ risk, name, facts, failure, children, ...dialog }: DecisionDialogProps) {
  const withdrawal = risk.openWithdrawal;
  const withdrawalFacts: Array<[string, ReactNode]> = withdrawal
    ? [
        [
          "Open withdrawal",
          <span key="w" className="inline-flex flex-wrap items-center gap-1.5">
            #{withdrawal.id} <UsdtAmount amount={withdrawal.amountUsdt} size="small" /> <WithdrawalStatusBadge status={withdrawal.status} />
          </span>,
        ],
      ]
    : [];
  return (
    <ConfirmDialog {...dialog} facts={[["User", `${name} (#${risk.userId})`], ...facts, ...withdrawalFacts]}
    >
      {children}
      {failure && (
        <p role="alert" className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {failure}
        </p>
      )}
    </ConfirmDialog>
  );
}
