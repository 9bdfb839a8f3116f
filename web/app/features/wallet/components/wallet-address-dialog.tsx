// Set or update the BEP-20 payout address.
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { toast } from "../../../../shared/toast.ts";
import { haptics } from "../../../telegram/haptics.ts";
import { walletPattern } from "../../../../../api/domain/rules.ts";
import { setWallet } from "../api/set-wallet.ts";

type Props = { open: boolean; onClose: () => void; current: string | null };

export function WalletAddressDialog({ open, onClose, current }: Props) {
  const [address, setAddress] = useState(current ?? "");
  const [saving, setSaving] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const value = address.trim();
    if (!walletPattern.test(value)) {
      haptics.error();
      toast({ title: "Invalid address", description: "Please enter a valid BEP-20 wallet address", variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      await setWallet(value);
      haptics.success();
      toast({ title: "Wallet updated successfully", variant: "success" });
      onClose();
    } catch {
      // The API client has shown "Failed to update wallet" with the server's reason.
      haptics.error();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={current ? "Update Wallet" : "Set Wallet"} description="Your BEP-20 (BSC) address for USDT payouts.">
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
        <Button type="submit" size="lg" block disabled={saving}>
          {saving ? "Saving..." : current ? "Update Wallet" : "Save Wallet"}
        </Button>
      </form>
    </Dialog>
  );
}
