// Per-broadcast progress: sent, failed and pending deliveries with a bar and the ETA. While any
// broadcast still has pending deliveries the list refreshes every 30 s, so progress moves on its
// own; once all are done it stops asking.
import { useEffect } from "react";
import { formatCount, formatDateTime } from "../../../../shared/format.ts";
import { Badge } from "../../../../shared/ui/badge.tsx";
import { Button } from "../../../../shared/ui/button.tsx";
import { Card, CardHeader } from "../../../../shared/ui/card.tsx";
import { EmptyState } from "../../../../shared/ui/empty-state.tsx";
import { MegaphoneIcon } from "../../../../shared/ui/icons.tsx";
import { Skeleton } from "../../../../shared/ui/skeleton.tsx";
import { useBroadcasts } from "../api/get-broadcasts.ts";
import type { Broadcast } from "../api/types.ts";

const REFRESH_MS = 30_000;

export function formatEta(seconds: number): string {
  if (seconds <= 0) return "any moment";
  if (seconds < 60) return `about ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `about ${hours} h ${minutes % 60} min`;
}

function percent(part: number, total: number) {
  return total > 0 ? (part * 100) / total : 0;
}

function BroadcastRow({ broadcast: b }: { broadcast: Broadcast }) {
  const done = b.pending === 0;
  return (
    <li data-testid="broadcast-row" className="space-y-2 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <p className="line-clamp-2 min-w-0 text-sm break-words whitespace-pre-line text-slate-800">{b.message}</p>
        <Badge tone={done ? (b.failed > 0 ? "warning" : "success") : "info"}>{done ? "Done" : "Sending"}</Badge>
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
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
        <span>{formatDateTime(b.createdAt)}</span>
        <span className="text-emerald-700">{formatCount(b.sent)} sent</span>
        <span className="text-rose-700">{formatCount(b.failed)} failed</span>
        <span>{formatCount(b.pending)} pending</span>
        <span>of {formatCount(b.total)}</span>
        {!done && <span className="font-medium text-slate-800">ETA {formatEta(b.etaSeconds)}</span>}
      </p>
    </li>
  );
}

export function BroadcastHistory() {
  const { data, isLoading, isFetching, refetch } = useBroadcasts();
  const sending = data?.some((b) => b.pending > 0) ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void refetch(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, refetch]);

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
        ) : !data || data.length === 0 ? (
          <EmptyState>No broadcasts sent yet</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.map((b) => (
              <BroadcastRow key={b.id} broadcast={b} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
