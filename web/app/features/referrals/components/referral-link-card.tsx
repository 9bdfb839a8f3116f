// The referral code and link with copy buttons, Telegram's share sheet, and the QR code in a
// sheet of its own (drawn above the navigation, however far down the card sits).
import { lazy, Suspense, useState } from "react";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { copy } from "@/web/app/lib/copy.ts";
import { openLink, shareUrl } from "@/web/app/telegram/links.ts";
import { dismissToast } from "@/web/shared/toast.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { Dialog } from "@/web/shared/ui/dialog.tsx";
import { CopyIcon, QrIcon, ShareIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

const ReferralQr = lazy(() => import("./referral-qr.tsx"));

function CopyRow({ label, copyLabel, value, testId }: { label: string; copyLabel: string; value: string; testId: string }) {
  const { t } = useI18n();
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-hint">{label}</p>
      <div className="flex items-center gap-2 rounded-xl bg-page p-1 pl-3">
        <span className="min-w-0 flex-1 truncate font-mono text-sm" data-testid={testId}>
          {value}
        </span>
        <Button variant="secondary" size="sm" onClick={() => void copy(value)} aria-label={copyLabel}>
          <CopyIcon size={15} /> {t("common.copy")}
        </Button>
      </div>
    </div>
  );
}

export function ReferralLinkCard({ refCode, link, productName }: { refCode: string | undefined; link: string | undefined; productName: string }) {
  const { t } = useI18n();
  const [showQr, setShowQr] = useState(false);
  if (!refCode || !link) return <Skeleton className="h-48 w-full rounded-2xl" />;
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">{t("referrals.linkTitle")}</h2>
      <CopyRow label={t("referrals.code")} copyLabel={t("referrals.copyCode")} value={refCode} testId="ref-code" />
      <CopyRow label={t("referrals.link")} copyLabel={t("referrals.copyLink")} value={link} testId="ref-link" />
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={() => openLink(shareUrl(link, t("referrals.shareText", { product: productName })))}>
          <ShareIcon size={17} /> {t("referrals.share")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            // The sheet is a new step: a "Copied!" from before would only sit over it.
            dismissToast();
            setShowQr(true);
          }}
          aria-haspopup="dialog"
        >
          <QrIcon size={17} /> {t("referrals.qr")}
        </Button>
      </div>
      <Dialog variant="sheet" open={showQr} onClose={() => setShowQr(false)} title={t("referrals.qrTitle")} description={t("referrals.qrHint")} closeLabel={t("common.close")}>
        <div className="flex justify-center pb-2">
          <Suspense fallback={<Skeleton className="h-60 w-60 rounded-xl" />}>
            <ReferralQr value={link} label={t("referrals.qrLabel", { link })} />
          </Suspense>
        </div>
      </Dialog>
    </Card>
  );
}
