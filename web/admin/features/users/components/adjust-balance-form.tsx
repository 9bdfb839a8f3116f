// Credit or debit a balance by hand, with a required reason (recorded as admin_adjustment). Money
// moves only after a confirmation that names the user, the amount and the balance it leaves; an
// amount above rules.largeAdjustment is also written out in words there.
import { useState, type FormEvent } from "react";
import type { AdminUserDto } from "@/api/contract.ts";
import { amountRules, rules } from "@/domain/rules.ts";
import { displayUsdt, formatUsdt, readAmount, usdt, wholeUsdt } from "@/domain/money.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { InputField, SelectField } from "@/web/shared/ui/field.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { ConfirmDialog } from "@/web/admin/components/confirm-dialog.tsx";
import { LargeAmountNotice } from "@/web/admin/components/large-amount-notice.tsx";
import { adjustBalance } from "@/web/admin/features/users/api/adjust-balance.ts";
import { userTitle } from "@/web/admin/features/users/user-names.ts";

// The server's own rule for an adjustment (rules.ts), so the form refuses exactly what the server
// would, in its words. The direction select gives the sign, so the amount typed here has none.
const unsigned = { ...amountRules.adjustment, signed: false };
const checkAmount = (value: string) => {
  const { problem } = readAmount(value, unsigned);
  return problem && `Amount ${problem}`;
};

type Direction = "credit" | "debit";

export function AdjustBalanceForm({ user }: { user: AdminUserDto }) {
  const [direction, setDirection] = useState<Direction>("credit");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const value = amount.trim();
  const amountError = touched ? checkAmount(value) : undefined;
  const reasonError = touched && !reason.trim() ? "A reason is required" : undefined;

  const { mutate, isPending } = useMutation(async () => {
    const signed = direction === "debit" ? `-${value}` : value;
    const { user: updated } = await adjustBalance(user.id, signed, reason.trim());
    const moved = `${displayUsdt(value)} USDT`;
    toast({
      title: direction === "credit" ? `Credited ${moved} to ${userTitle(user)}` : `Debited ${moved} from ${userTitle(user)}`,
      description: `New balance: ${displayUsdt(updated.balanceUsdt)} USDT`,
      variant: "success",
    });
    setConfirming(false);
    setAmount("");
    setReason("");
    setTouched(false);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checkAmount(value) || !reason.trim()) return;
    setConfirming(true);
  };

  const micro = confirming ? (readAmount(value, unsigned).micro ?? 0) : 0;
  const after = usdt(user.balanceUsdt) + (direction === "credit" ? micro : -micro);
  const balanceFact = after < 0 ? `${displayUsdt(user.balanceUsdt)} USDT, less than the debit: it will be refused` : `${displayUsdt(user.balanceUsdt)} → ${displayUsdt(formatUsdt(after))} USDT`;

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-3">
        <h3 className="text-sm font-semibold text-slate-900">Adjust balance</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label="Direction" value={direction} onChange={(e) => setDirection(e.target.value as Direction)}>
            <option value="credit">Credit (add)</option>
            <option value="debit">Debit (subtract)</option>
          </SelectField>
          <InputField label="Amount (USDT)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" error={amountError} hint={`At most ${wholeUsdt(rules.maxAdjustment)} USDT at a time.`} />
        </div>
        <InputField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} placeholder="Shown in the audit log" error={reasonError} />
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={isPending}>
            {direction === "credit" ? "Credit balance" : "Debit balance"}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={mutate}
        title={direction === "credit" ? "Confirm credit" : "Confirm debit"}
        description={direction === "credit" ? "The amount is added to the user's balance and recorded in the audit log." : "The amount is taken from the user's balance and recorded in the audit log."}
        facts={[
          ["User", userTitle(user)],
          [direction === "credit" ? "Credit" : "Debit", <span key="amount" className="tabular-nums">{`${direction === "credit" ? "+" : "−"}${displayUsdt(value)} USDT`}</span>],
          ["Balance", <span key="balance" className="tabular-nums">{balanceFact}</span>],
          ["Reason", reason.trim()],
        ]}
        confirmLabel={direction === "credit" ? "Credit balance" : "Debit balance"}
        busyLabel="Saving..."
        variant={direction === "credit" ? "primary" : "danger"}
        busy={isPending}
      >
        {micro > rules.largeAdjustment && <LargeAmountNotice amount={value} threshold={rules.largeAdjustment} what="Adjustments" />}
      </ConfirmDialog>
    </>
  );
}
