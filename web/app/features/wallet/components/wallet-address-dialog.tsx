// Set or update the BEP-20 payout address. A refusal, the app's own check or the server's (a bad
// checksum, an address taken), shows under the field; typing closes the app only after asking.
import { useState, type FormEvent } from "react";
import { walletPattern } from "@/domain/rules.ts";
import { FormField } from "@/web/app/components/form-field.tsx";
import { MainAction } from "@/web/app/components/main-action.tsx";
import { setWallet } from "@/web/app/features/wallet/api/set-wallet.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { describeError } from "@/web/app/lib/api-client.ts";
import { useClosingConfirmation } from "@/web/app/telegram/closing-confirmation.ts";
import { haptics } from "@/web/app/telegram/haptics.ts";
import type { ApiError } from "@/web/shared/http.ts";
import { toast } from "@/web/shared/toast.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { Dialog } from "@/web/shared/ui/dialog.tsx";

type Props = { open: boolean; onClose: () => void; current: string | null };

export function WalletAddressDialog({ open, onClose, current }: Props) {
  const { t } = useI18n();
  const [address, setAddress] = useState(current ?? "");
  const [error, setError] = useState<string>();
  useClosingConfirmation(open && address.trim() !== (current ?? ""));

  const refuse = (message: string) => {
    setError(message);
    haptics.error();
  };

  const save = useMutation(async (value: string) => {
    try {
      await setWallet(value);
    } catch (failure) {
      return refuse(describeError(failure as ApiError));
    }
    toast({ title: t("wallet.updated"), variant: "success" });
    onClose();
  });

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const value = address.trim();
    if (!walletPattern.test(value)) return refuse(t("wallet.addressInvalid"));
    void save.mutate(value);
  }

  return (
    <Dialog
      variant="sheet"
      open={open}
      onClose={onClose}
      title={t(current ? "wallet.updateWallet" : "wallet.setWallet")}
      description={t("wallet.addressDescription")}
      closeLabel={t("common.close")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label={t("wallet.addressLabel")} error={error} hint={t("wallet.addressNetwork")}>
          {({ id, invalid, describedBy, className }) => (
            <input
              id={id}
              name="address"
              value={address}
              onChange={(event) => {
                setAddress(event.target.value);
                setError(undefined);
              }}
              placeholder="0x..."
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              autoFocus
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={`${className} font-mono text-sm`}
            />
          )}
        </FormField>
        <MainAction submit text={t(current ? "wallet.updateWallet" : "wallet.saveWallet")} busy={save.isPending} busyText={t("wallet.saving")} onPress={submit} />
      </form>
    </Dialog>
  );
}
