// The referral code and link with copy buttons, Telegram's share sheet, and the QR code toggle.
import { lazy, Suspense, useState } from "react";
import { openLink, shareUrl } from "@/web/app/telegram/links.ts";
import { copyText } from "@/web/shared/clipboard.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { CopyIcon, QrIcon, ShareIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

const ReferralQr = lazy(() => import("./referral-qr.tsx"));

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-hint">{label}</p>
      <div className="flex items-center gap-2 rounded-xl bg-page p-1 pl-3">
        <span className="min-w-0 flex-1 truncate font-mono text-sm" data-testid={testId}>
          {value}
        </span>
        <Button variant="secondary" size="sm" onClick={() => void copyText(value)} aria-label={`Copy ${label.toLowerCase()}`}>
          <CopyIcon size={15} /> Copy
        </Button>
      </div>
    </div>
  );
}

export function ReferralLinkCard({ refCode, link, productName }: { refCode: string | undefined; link: string | undefined; productName: string }) {
  const [showQr, setShowQr] = useState(false);
  if (!refCode || !link) return <Skeleton className="h-48 w-full rounded-2xl" />;
  const text = `Join me on ${productName} and earn USDT for daily tasks!`;
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">Your Referral Link</h2>
      <CopyRow label="Referral code" value={refCode} testId="ref-code" />
      <CopyRow label="Referral link" value={link} testId="ref-link" />
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={() => openLink(shareUrl(link, text))}>
          <ShareIcon size={17} /> Share
        </Button>
        <Button variant="secondary" onClick={() => setShowQr((v) => !v)} aria-expanded={showQr}>
          <QrIcon size={17} /> {showQr ? "Hide QR Code" : "QR Code"}
        </Button>
      </div>
      {showQr && (
        <div className="flex flex-col items-center gap-2 pt-1">
          <Suspense fallback={<Skeleton className="h-52 w-52 rounded-xl" />}>
            <ReferralQr value={link} />
          </Suspense>
          <p className="text-xs text-hint">Friends can scan this code to open your link.</p>
        </div>
      )}
    </Card>
  );
}
