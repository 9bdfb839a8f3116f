// The decisions on a case, each behind the panel's confirmation: Clear (a flagged user only; a
// withdrawal waiting in review joins the pending queue) and Confirm fraud (the user and the
// referred accounts ticked in the tree are banned). A refusal (409 INVALID_STATE when someone
// decided first) stays in the dialog in the server's words, and the case is loaded again.
import { useState, type ReactNode } from "react";
import type { RiskCaseDto, RiskConfirmDto } from "@/api/http/contract.ts";
import { displayUsdt } from "@/domain/money.ts";
import { ApiError } from "@/web/shared/http.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { BanIcon, CircleCheckIcon } from "@/web/shared/ui/icons.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { WithdrawalStatusBadge } from "@/web/shared/ui/withdrawal-status-badge.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { countOf } from "@/web/admin/lib/count-of.ts";
import { clearRisk, confirmFraud } from "@/web/admin/features/risk/api/decide-case.ts";
import { accountName } from "@/web/admin/features/risk/account-name.ts";

/** The referred accounts to ban with the user: those ticked, or all of them (more than the case lists). */
export type Farm = { ids: number[] } | { all: number };

type CaseActionsProps = {
  risk: RiskCaseDto;
  farm: Farm;
  onConfirmed: (report: RiskConfirmDto) => void;
  /** Loads the case again, after a refusal that says it changed. */
  reload: () => unknown;
};

export function CaseActions({ risk, farm, onConfirmed, reload }: CaseActionsProps) {
  const [open, setOpen] = useState<"clear" | "confirm" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = accountName(risk);
  const show = (which: "clear" | "confirm") => {
    setFailure(null);
    setOpen(which);
  };
  /** Runs a decision; a refusal is kept for the dialog (the API client has toasted it too). */
  const decide = async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (error instanceof ApiError) {
        setFailure(error.message);
        if (error.status === 409 || error.status === 404) void reload();
      }
      throw error;
    }
  };

  const clear = useMutation(async () => {
    const result = await decide(() => clearRisk(risk.userId));
    toast({
      title: `${name} cleared`,
      description: result.withdrawalToPending ? `Withdrawal #${result.withdrawalToPending} moved to the pending queue.` : "No withdrawal was waiting in review.",
      variant: "success",
    });
    setOpen(null);
  });
  const confirm = useMutation(async () => {
    const report = await decide(() => confirmFraud(risk.userId, "all" in farm ? "all" : farm.ids));
    toast({ title: "Fraud confirmed", description: `${countOf(report.banned.length, "account")} banned.`, variant: "success" });
    setOpen(null);
    onConfirmed(report);
  });

  const farmSize = "all" in farm ? farm.all : farm.ids.length;
  const banned = 1 + farmSize;
  const withdrawal = risk.openWithdrawal;
  const withdrawalFact: [string, ReactNode] | undefined = withdrawal
    ? [
        "Open withdrawal",
        <span key="w" className="inline-flex flex-wrap items-center gap-1.5">
          #{withdrawal.id} <UsdtAmount amount={withdrawal.amountUsdt} size="small" /> <WithdrawalStatusBadge status={withdrawal.status} />
        </span>,
      ]
    : undefined;

  return (
    <>
      {risk.status === "flagged" && (
        <Button variant="outline" onClick={() => show("clear")}>
          <CircleCheckIcon />
          Clear
        </Button>
      )}
      {risk.status !== "confirmed" && (
        <Button variant="danger" onClick={() => show("confirm")}>
          <BanIcon />
          Confirm fraud
        </Button>
      )}

      <ConfirmDialog
        open={open === "clear"}
        onClose={() => setOpen(null)}
        onConfirm={clear.mutate}
        title="Clear this user"
        description="Not fraud: the flag goes, and their held bonuses are paid when their time comes."
        facts={[["User", `${name} (#${risk.userId})`], ["Score", String(risk.score)], ...(withdrawalFact ? [withdrawalFact] : [])]}
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
        <Failure message={failure} />
      </ConfirmDialog>

      <ConfirmDialog
        open={open === "confirm"}
        onClose={() => setOpen(null)}
        onConfirm={confirm.mutate}
        title="Confirm fraud"
        description="Bans the accounts below, refunds their open withdrawals and takes back the referral bonuses they produced, as far as balances allow."
        facts={[["User", `${name} (#${risk.userId})`], ["Referred accounts", farmSize === 0 ? "None selected" : "all" in farm ? `All ${farm.all}` : countOf(farmSize, "selected account")], ...(withdrawalFact ? [withdrawalFact] : [])]}
        confirmLabel={`Ban ${countOf(banned, "account")}`}
        busyLabel="Confirming..."
        variant="danger"
        busy={confirm.isPending}
        ready={risk.status !== "confirmed"}
      >
        <p data-testid="ban-count" className="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm font-medium text-rose-800">
          {countOf(banned, "account")} will be banned: {name}
          {"all" in farm ? ` and all ${countOf(farm.all, "referred account")}` : farmSize > 0 ? ` and ${countOf(farmSize, "referred account")} ticked in the referral tree` : ""}.
        </p>
        <Failure message={failure} />
      </ConfirmDialog>
    </>
  );
}

function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
      {message}
    </p>
  );
}
