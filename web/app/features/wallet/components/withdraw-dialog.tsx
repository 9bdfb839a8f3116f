// The withdrawal request: an amount the server's own rule takes (amountRules.withdrawal: at most
// two decimals), between the minimum and the balance, compared as integer micro-USDT. A refusal
// shows under the field; a valid amount is confirmed (Telegram's popup, or an in-page question)
// before it is sent, since a payout cannot be called back.
import { useState, type FormEvent } from "react";
import { readAmount, typedDecimals, usdt } from "@/domain/money.ts";
import { amountRules } from "@/domain/rules.ts";
import { FormField } from "@/web/app/components/form-field.tsx";
import { MainAction } from "@/web/app/components/main-action.tsx";
import { requestWithdrawal } from "@/web/app/features/wallet/api/request-withdrawal.ts";
import { type I18n, useI18n } from "@/web/app/i18n/i18n.ts";
import { describeError } from "@/web/app/lib/api-client.ts";
import { useClosingConfirmation } from "@/web/app/telegram/closing-confirmation.ts";
import { haptics } from "@/web/app/telegram/haptics.ts";
import { confirmAction } from "@/web/app/telegram/popup.ts";
import type { ApiError } from "@/web/shared/http.ts";
import { toast } from "@/web/shared/toast.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Dialog } from "@/web/shared/ui/dialog.tsx";

type Props = { open: boolean; onClose: () => void; balance: string; minimum: string; address: string };

/** The balance cut to two decimals, the most a person may type. */
const maxTypable = (balance: string) => balance.replace(/^(\d+\.\d{2})\d*$/, "$1");

/** Why `typed` cannot be withdrawn, in the user's words; undefined when it can. */
function problemWith({ t, amount }: I18n, typed: string, minimum: string, balance: string): string | undefined {
  const reading = readAmount(typed, amountRules.withdrawal);
  if (reading.problem !== undefined) {
    if (reading.overMax) return t("wallet.amountTooLarge");
    return reading.problem.includes("decimals") ? t("wallet.amountDecimals", { decimals: typedDecimals }) : t("wallet.amountNotNumber");
  }
  if (reading.micro < usdt(minimum)) return t("wallet.belowMinimum", { amount: amount(minimum) });
  if (reading.micro > usdt(balance)) return t("wallet.aboveBalance", { amount: amount(balance) });
  return undefined;
}

export function WithdrawDialog({ open, onClose, balance, minimum, address }: Props) {
  const i18n = useI18n();
  const { t, amount } = i18n;
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string>();
  useClosingConfirmation(open && typed.trim() !== "");

  const refuse = (message: string) => {
    setError(message);
    haptics.error();
  };

  const send = useMutation(async (value: string) => {
    try {
      await requestWithdrawal(value);
    } catch (failure) {
      return refuse(describeError(failure as ApiError));
    }
    toast({ title: t("wallet.submitted"), description: t("wallet.submittedText"), variant: "success" });
    setTyped("");
    onClose();
  });

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (send.isPending) return;
    const value = typed.trim();
    const problem = problemWith(i18n, value, minimum, balance);
    if (problem) return refuse(problem);
    const confirmed = await confirmAction({
      title: t("wallet.confirmTitle"),
      message: t("wallet.confirmText", { amount: amount(value), address }),
      confirm: t("wallet.confirmButton"),
      cancel: t("common.cancel"),
    });
    if (confirmed) void send.mutate(value);
  }

  return (
    <Dialog
      variant="sheet"
      open={open}
      onClose={onClose}
      title={t("wallet.withdrawTitle")}
      description={t("wallet.withdrawDescription", { amount: amount(balance) })}
      closeLabel={t("common.close")}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <FormField
          label={t("wallet.amountLabel")}
          error={error}
          aside={
            <Button variant="secondary" size="lg" onClick={() => (setTyped(maxTypable(balance)), setError(undefined))}>
              {t("wallet.max")}
            </Button>
          }
        >
          {({ id, invalid, describedBy, className }) => (
            <input
              id={id}
              name="amount"
              type="number"
              inputMode="decimal"
              min={minimum}
              step="0.01"
              max={maxTypable(balance)}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setError(undefined);
              }}
              placeholder={t("wallet.amountPlaceholder", { amount: amount(minimum) })}
              autoFocus
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={`${className} flex-1 text-lg font-semibold tabular-nums`}
            />
          )}
        </FormField>
        <div className="rounded-xl bg-page p-3 text-sm">
          <p className="text-hint">{t("wallet.destination")}</p>
          <p className="mt-0.5 font-mono break-all">{address}</p>
        </div>
        <MainAction submit text={t("wallet.requestWithdrawal")} busy={send.isPending} busyText={t("wallet.submitting")} onPress={() => void submit()} />
      </form>
    </Dialog>
  );
}
