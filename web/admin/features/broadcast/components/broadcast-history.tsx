// Per-broadcast progress: the message as Telegram shows it (first two lines), sent, failed and
// pending deliveries with a bar and the ETA (the list refreshes itself while deliveries are
// pending, see get-broadcasts.ts).
import type { BroadcastDto } from "@/api/http/contract.ts";
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
import { parseTelegramMarkdown } from "@/web/admin/features/broadcast/telegram-markdown.ts";
import { TelegramText } from "./telegram-text.tsx";

function MessageSummary({ text }: { text: string }) {
  // Only the form checks the Markdown, not the server, so a message Telegram would have refused
  // shows as its raw text rather than not at all.
  const { spans } = parseTelegramMarkdown(text);
  return (
    <div data-testid="broadcast-message" className="line-clamp-2 min-w-0 text-sm break-words whitespace-pre-line text-slate-800">
      {spans ? <TelegramText spans={spans} summary /> : text}
    </div>
  );
}

function BroadcastRow({ broadcast: b }: { broadcast: BroadcastDto }) {
  const done = b.pending === 0;
  return (
    <li data-testid="broadcast-row" className="space-y-2 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <MessageSummary text={b.message} />
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
  const { data, isLoading, isFetching, error, refetch } = useBroadcasts();

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
              <BroadcastRow key={b.id} broadcast={b} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
