// The connected wallet with copy and update, or a warning and the way to set one.
import { MainAction } from "@/web/app/components/main-action.tsx";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { copy } from "@/web/app/lib/copy.ts";
import { openLink } from "@/web/app/telegram/links.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { AlertIcon, CopyIcon, ExternalLinkIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

type Props = { address: string | null | undefined; explorerAddressUrl: string; onEdit: () => void };

export function WalletAddressCard({ address, explorerAddressUrl, onEdit }: Props) {
  const { t } = useI18n();
  if (address === undefined) return <Skeleton className="h-28 w-full rounded-2xl" />;
  if (!address) {
    return (
      <Card className="space-y-3 border border-warning/40" data-testid="no-wallet">
        <div className="flex gap-3">
          <AlertIcon size={22} className="shrink-0 text-warning" />
          <div>
            <h2 className="font-semibold">{t("wallet.noWalletTitle")}</h2>
            <p className="text-sm text-hint">{t("wallet.noWalletText")}</p>
          </div>
        </div>
        <MainAction text={t("wallet.setWallet")} icon={<WalletIcon size={17} />} onPress={onEdit} />
      </Card>
    );
  }
  return (
    <Card className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{t("wallet.connected")}</h2>
        <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">BEP-20</span>
      </div>
      <p className="rounded-xl bg-page p-3 font-mono text-sm break-all" data-testid="wallet-address">
        {address}
      </p>
      {/* Each button as wide as its words need, side by side while they fit (a long word wraps the row). */}
      <div className="flex flex-wrap gap-2 [&>*]:flex-auto">
        <Button variant="secondary" size="sm" className="px-2" onClick={() => void copy(address)}>
          <CopyIcon size={15} /> {t("common.copy")}
        </Button>
        <Button variant="secondary" size="sm" className="px-2" onClick={() => openLink(explorerAddressUrl + address)}>
          <ExternalLinkIcon size={15} /> {t("wallet.explorer")}
        </Button>
        <Button variant="secondary" size="sm" className="px-2" onClick={onEdit}>
          {t("wallet.update")}
        </Button>
      </div>
    </Card>
  );
}
