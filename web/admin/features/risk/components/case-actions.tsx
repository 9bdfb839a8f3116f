// The decisions on a case, each behind the panel's confirmation: Clear (a flagged user only,
// clear-case-dialog.tsx) and Confirm fraud (confirm-fraud-dialog.tsx). A refusal (409
// INVALID_STATE when someone decided first) stays in the dialog in the server's words, and the
// case is loaded again (use-decision.ts).
import { useState } from "react";
import type { RiskCaseDto, RiskConfirmDto } from "@/api/contract.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { BanIcon, CircleCheckIcon } from "@/web/shared/ui/icons.tsx";
import { useAccess } from "@/web/admin/lib/access.ts";
import { accountName } from "@/web/admin/features/risk/account-name.ts";
import type { Farm } from "@/web/admin/features/risk/farm.ts";
import { ClearCaseDialog } from "./clear-case-dialog.tsx";
import { ConfirmFraudDialog } from "./confirm-fraud-dialog.tsx";
import { useDecision } from "./use-decision.ts";

type CaseActionsProps = {
  risk: RiskCaseDto;
  farm: Farm;
  onConfirmed: (report: RiskConfirmDto) => void;
  /** Loads the case again, after a refusal that says it changed. */
  reload: () => unknown;
};

export function CaseActions({ risk, farm, onConfirmed, reload }: CaseActionsProps) {
  const [open, setOpen] = useState<"clear" | "confirm" | null>(null);
  const { failure, clearFailure, decide } = useDecision(reload);
  const name = accountName(risk);
  const show = (which: "clear" | "confirm") => {
    clearFailure();
    setOpen(which);
  };
  const decision = { risk, name, failure, decide, onClose: () => setOpen(null) };
  if (!useAccess().can("risk:write")) return null;

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
      <ClearCaseDialog {...decision} open={open === "clear"} />
      <ConfirmFraudDialog {...decision} open={open === "confirm"} farm={farm} onConfirmed={onConfirmed} />
    </>
  );
}
