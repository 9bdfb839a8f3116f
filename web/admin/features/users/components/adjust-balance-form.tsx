// Credit or debit a balance by hand, with a required reason (recorded as admin_adjustment).
import { useState, type FormEvent } from "react";
import type { AdminUserDto } from "@/api/http/contract.ts";
import { amountRules, rules } from "@/domain/rules.ts";
import { displayUsdt, readAmount, wholeUsdt } from "@/domain/money.ts";
import { toast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { InputField, SelectField } from "@/web/shared/ui/field.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { adjustBalance } from "@/web/admin/features/users/api/adjust-balance.ts";

// The server's own rule for an adjustment (rules.ts), so the form refuses exactly what the server
// would, in its words. The direction select gives the sign, so the amount typed here has none.
const unsigned = { ...amountRules.adjustment, signed: false };
const checkAmount = (value: string) => {
  const { problem } = readAmount(value, unsigned);
  return problem && `Amount ${problem}`;
};

export function AdjustBalanceForm({ user }: { user: AdminUserDto }) {
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);

  const value = amount.trim();
  const amountError = touched ? checkAmount(value) : undefined;
  const reasonError = touched && !reason.trim() ? "A reason is required" : undefined;

  const { mutate, isPending } = useMutation(async () => {
    const signed = direction === "debit" ? `-${value}` : value;
    const { user: updated } = await adjustBalance(user.id, signed, reason.trim());
    toast({ title: "Balance adjusted", description: `New balance: ${displayUsdt(updated.balanceUsdt)} USDT`, variant: "success" });
    setAmount("");
    setReason("");
    setTouched(false);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (checkAmount(value) || !reason.trim()) return;
    void mutate();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-900">Adjust balance</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Direction" value={direction} onChange={(e) => setDirection(e.target.value as "credit" | "debit")}>
          <option value="credit">Credit (add)</option>
          <option value="debit">Debit (subtract)</option>
        </SelectField>
        <InputField label="Amount (USDT)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" error={amountError} hint={`At most ${wholeUsdt(rules.maxAdjustment)} USDT at a time.`} />
      </div>
      <InputField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} placeholder="Shown in the audit log" error={reasonError} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={isPending}>
          {isPending ? "Saving..." : direction === "credit" ? "Credit balance" : "Debit balance"}
        </Button>
      </div>
    </form>
  );
}
