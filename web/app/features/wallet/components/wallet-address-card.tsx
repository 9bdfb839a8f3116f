// The connected wallet with copy and update, or a warning and the way to set one.
import { openLink } from "@/web/app/telegram/links.ts";
import { copyText } from "@/web/shared/clipboard.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { AlertIcon, CopyIcon, ExternalLinkIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

type Props = { address: string | null | undefined; explorerAddressUrl: string; onEdit: () => void };

export function WalletAddressCard({ address, explorerAddressUrl, onEdit }: Props) {
  if (address === undefined) return <Skeleton className="h-28 w-full rounded-2xl" />;
  if (!address) {
    return (
      <Card className="space-y-3 border border-warning/40" data-testid="no-wallet">
        <div className="flex gap-3">
          <AlertIcon size={22} className="shrink-0 text-warning" />
          <div>
            <h2 className="font-semibold">No wallet connected</h2>
            <p className="text-sm text-hint">Set your BEP-20 wallet address to be able to withdraw.</p>
          </div>
        </div>
        <Button block onClick={onEdit}>
          <WalletIcon size={17} /> Set Wallet
        </Button>
      </Card>
    );
  }
  return (
    <Card className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Connected Wallet</h2>
        <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">BEP-20</span>
      </div>
      <p className="rounded-xl bg-page p-3 font-mono text-sm break-all" data-testid="wallet-address">
        {address}
      </p>
      <div className="grid grid-cols-3 gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copyText(address)}>
          <CopyIcon size={15} /> Copy
        </Button>
        <Button variant="secondary" size="sm" onClick={() => openLink(explorerAddressUrl + address)}>
          <ExternalLinkIcon size={15} /> BscScan
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          Update
        </Button>
      </div>
    </Card>
  );
}
