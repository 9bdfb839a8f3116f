// Set or update the BEP-20 payout address.
import { useState, type FormEvent } from "react";
import { walletPattern } from "@/domain/rules.ts";
import { setWallet } from "@/web/app/features/wallet/api/set-wallet.ts";
import { toast } from "@/web/shared/toast.ts";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Dialog } from "@/web/shared/ui/dialog.tsx";

type Props = { open: boolean; onClose: () => void; current: string | null };

export function WalletAddressDialog({ open, onClose, current }: Props) {
  const [address, setAddress] = useState(current ?? "");
  const save = useMutation(async (value: string) => {
    await setWallet(value);
    toast({ title: "Wallet updated successfully", variant: "success" });
    onClose();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = address.trim();
    if (!walletPattern.test(value)) {
      toast({ title: "Invalid address", description: "Please enter a valid BEP-20 wallet address", variant: "destructive" });
      return;
    }
    void save.mutate(value);
  }

  return (
    <Dialog variant="sheet" open={open} onClose={onClose} title={current ? "Update Wallet" : "Set Wallet"} description="Your BEP-20 (BSC) address for USDT payouts.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <label className="block">
          <span className="mb-1 block text-sm font-medium">Wallet address</span>
          <input
            name="address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="0x..."
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            className="h-12 w-full rounded-xl border border-line bg-page px-3 font-mono text-sm outline-none focus:border-accent"
          />
        </label>
        <p className="text-xs text-hint">Only BEP-20 (BNB Smart Chain) addresses. Sending to another network may lose the funds.</p>
        <Button type="submit" size="lg" block disabled={save.isPending}>
          {save.isPending ? "Saving..." : current ? "Update Wallet" : "Save Wallet"}
        </Button>
      </form>
    </Dialog>
  );
}
