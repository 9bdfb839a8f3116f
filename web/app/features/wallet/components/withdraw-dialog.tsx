// The withdrawal request: an amount the server's own rule takes (amountRules.withdrawal: at most
// two decimals), between the minimum and the balance, compared as integer micro-USDT.
import { useState, type FormEvent } from "react";
import { displayUsdt, readAmount, usdt } from "@/domain/money.ts";
import { amountRules } from "@/domain/rules.ts";
import { requestWithdrawal } from "@/web/app/features/wallet/api/request-withdrawal.ts";
import { toast } from "@/web/shared/toast.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Dialog } from "@/web/shared/ui/dialog.tsx";

type Props = { open: boolean; onClose: () => void; balance: string; minimum: string; address: string };

/** The balance cut to two decimals, the most a person may type. */
const maxTypable = (balance: string) => balance.replace(/^(\d+\.\d{2})\d*$/, "$1");

export function WithdrawDialog({ open, onClose, balance, minimum, address }: Props) {
  const [amount, setAmount] = useState("");
  const send = useMutation(async (value: string) => {
    await requestWithdrawal(value);
    toast({ title: "Withdrawal request submitted", description: "Your request is being reviewed by our team", variant: "success" });
    setAmount("");
    onClose();
  });

  const refuse = (title: string, description: string) => toast({ title, description, variant: "destructive" });

  function submit(event: FormEvent) {
    event.preventDefault();
    const { micro, problem } = readAmount(amount, amountRules.withdrawal);
    if (problem !== undefined) return refuse("Invalid amount", `Amount ${problem}`);
    if (micro < usdt(minimum)) return refuse("Minimum withdrawal", `Minimum withdrawal amount is ${displayUsdt(minimum)} USDT`);
    if (micro > usdt(balance)) return refuse("Insufficient balance", `You can withdraw at most ${displayUsdt(balance)} USDT`);
    void send.mutate(amount.trim());
  }

  return (
    <Dialog variant="sheet" open={open} onClose={onClose} title="Withdraw USDT" description={`Available: ${displayUsdt(balance)} USDT · processed within 24-48 hours`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <label className="block">
          <span className="mb-1 block text-sm font-medium">Amount (USDT)</span>
          <div className="flex gap-2">
            <input
              name="amount"
              type="number"
              inputMode="decimal"
              min={minimum}
              step="0.01"
              max={maxTypable(balance)}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              placeholder={`Min ${displayUsdt(minimum)}`}
              autoFocus
              className="h-12 min-w-0 flex-1 rounded-xl border border-line bg-page px-3 text-lg font-semibold tabular-nums outline-none focus:border-accent"
            />
            <Button variant="secondary" size="lg" onClick={() => setAmount(maxTypable(balance))}>
              Max
            </Button>
          </div>
        </label>
        <div className="rounded-xl bg-page p-3 text-sm">
          <p className="text-hint">Destination (BEP-20)</p>
          <p className="mt-0.5 font-mono break-all">
            {address}
          </p>
        </div>
        <Button type="submit" size="lg" block disabled={send.isPending}>
          {send.isPending ? "Submitting..." : "Request Withdrawal"}
        </Button>
      </form>
    </Dialog>
  );
}
