// Per-broadcast progress: the message as Telegram shows it (first two lines), sent, failed and
// pending deliveries with a bar and the ETA (the list refreshes itself while deliveries are
// pending, see get-broadcasts.ts). A broadcast still sending can be cancelled, after a
// confirmation; a stopped one (cancelled, or its text refused by Telegram) says why.
import { useState } from "react";
import type { BroadcastDto } from "@/api/contract.ts";
import { parseTelegramMarkdown } from "@/domain/telegram-markdown.ts";
import { formatCount } from "@/web/shared/format.ts";
import { formatDateTime, formatEta } from "@/web/shared/format-time.ts";
import { percent } from "@/web/shared/percent.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { MegaphoneIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useBroadcasts } from "@/web/admin/features/broadcast/api/get-broadcasts.ts";
import { useAccess } from "@/web/admin/lib/access.ts";
import { CancelBroadcastDialog } from "./cancel-broadcast-dialog.tsx";
import { TelegramText } from "./telegram-text.tsx";

function MessageSummary({ text }: { text: string }) {
  // The server refuses a text Telegram would not parse, but one queued before it did shows as its
  // raw text rather than not at all.
  const { spans } = parseTelegramMarkdown(text);
  return (
    <div data-testid="broadcast-message" className="line-clamp-2 min-w-0 text-sm break-words whitespace-pre-line text-slate-800">
      {spans ? <TelegramText spans={spans} summary /> : text}
    </div>
  );
}

function StateBadge({ broadcast: b }: { broadcast: BroadcastDto }) {
  if (b.stoppedAt) return <Badge tone="danger">Stopped</Badge>;
  if (b.pending > 0) return <Badge tone="info">Sending</Badge>;
  return <Badge tone={b.failed > 0 ? "warning" : "success"}>Done</Badge>;
}

function BroadcastRow({ broadcast: b, onCancel }: { broadcast: BroadcastDto; onCancel: (b: BroadcastDto) => void }) {
  const sending = b.pending > 0 && !b.stoppedAt;
  const canCancel = useAccess().can("broadcast:send");
  return (
    <li data-testid="broadcast-row" className="space-y-2 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <MessageSummary text={b.message} />
        <StateBadge broadcast={b} />
      </div>
      <div
        className="flex h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={`Broadcast ${b.id} delivery`}
        aria-valuemin={0}
        aria-valuemax={b.total}
        aria-valuenow={b.sent + b.failed}
      >
        <div className="bg-emerald-500" style={{ width: `${percent(b.sent, b.total)}%` }} />
        <div className="bg-rose-500" style={{ width: `${percent(b.failed, b.total)}%` }} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
          <span>{formatDateTime(b.createdAt)}</span>
          <span className="text-emerald-700">{formatCount(b.sent)} sent</span>
          <span className="text-rose-700">{formatCount(b.failed)} failed</span>
          <span>{formatCount(b.pending)} pending</span>
          <span>of {formatCount(b.total)}</span>
          {sending && <span className="font-medium text-slate-800">ETA {formatEta(b.etaSeconds)}</span>}
        </p>
        {sending && canCancel && (
          <Button variant="outline" size="sm" onClick={() => onCancel(b)}>
            Cancel
          </Button>
        )}
      </div>
      {b.stoppedAt && (
        <p data-testid="broadcast-stop" className="text-xs text-rose-700">
          Stopped {formatDateTime(b.stoppedAt)}, {b.stopReason}
        </p>
      )}
    </li>
  );
}

export function BroadcastHistory() {
  const { data, isLoading, isFetching, error, refetch } = useBroadcasts();
  const [cancelling, setCancelling] = useState<BroadcastDto | null>(null);

  return (
    <Card>
      <CardHeader
        icon={<MegaphoneIcon className="h-5 w-5 text-indigo-600" />}
        title="Recent Broadcasts"
        description="Delivery progress of the latest broadcasts"
        actions={
          <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void refetch()}>
            {isFetching ? "Refreshing..." : "Refresh"}
          </Button>
        }
      />
      <div className="p-4 sm:p-5">
        {isLoading ? (
          <Skeleton className="h-24" />
        ) : data === undefined ? (
          <ErrorState title="Unable to load broadcasts" message={error?.message} onRetry={refetch} retrying={isFetching} />
        ) : data.length === 0 ? (
          <EmptyState>No broadcasts sent yet</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.map((b) => (
              <BroadcastRow key={b.id} broadcast={b} onCancel={setCancelling} />
            ))}
          </ul>
        )}
      </div>
      <CancelBroadcastDialog broadcast={cancelling} onClose={() => setCancelling(null)} />
    </Card>
  );
}
